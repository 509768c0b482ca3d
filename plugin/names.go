package plugin

import (
	"fmt"
	"os"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/modcheck"
)

// checkModuleNames returns an error for a sinks or guards entry that lies
// in the module golangci-lint runs in but names none of its packages: a
// typo would otherwise check nothing. It is the file system's part of the
// check, done when golangci-lint starts, since the analysis reads no file.
// Outside a module it checks nothing.
func checkModuleNames(c analyzer.Config) error {
	names := c.ConfiguredNames()
	if len(names) == 0 {
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	root, modPath, ok := modcheck.FindModule(wd)
	if !ok {
		return nil
	}
	for _, n := range names {
		if err := modcheck.CheckInModule(root, modPath, n.Name); err != nil {
			return fmt.Errorf("%s: %s: %q names nothing: %v", Name, n.Setting, n.Name, err)
		}
	}
	return nil
}
