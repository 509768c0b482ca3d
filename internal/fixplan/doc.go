// Package fixplan decides which fix each finding of the ctxnotify
// analyzer gets, as data that internal/refactor turns into edits: the
// context its check reads (Chooser), the helpers fixed at their depth
// (FindHelperGroups), the guarded methods, the renames of derived
// contexts, where each check goes and in which form (placement), and
// the spelling the package already uses (conventions). Make returns the
// plan; where a fix cannot be made, the plan says why as data
// (Unnamed, NoRename) and the analyzer's messages say it in words.
//
// It reads the call graph (internal/callgraph), the dataflows
// (internal/guardflow) and what detection decided through Detection; it
// never imports the analyzer. The rule each decision follows is the
// analyzer's documentation ("The suggested fix").
package fixplan
