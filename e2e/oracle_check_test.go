package e2e

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
)

// The ways a program fails the oracle. Each is a promise of issue 41 that
// the program's runs (or the command over it) break.
const (
	kindGenerator  = "the generated program does not compile (a bug of the generator)"
	kindCrash      = "the command crashed"
	kindFormat     = "the fixed program is not gofmt-clean"
	kindNoCompile  = "the fixed program does not compile"
	kindSecondRun  = "a second run of the command still reports a site whose finding had a fix"
	kindCalls      = "the fix changed the API calls or the result of an uninterrupted run"
	kindLost       = "the fix changed the events of an uninterrupted run"
	kindTimeout    = "the fix changed the events of a run that timed out"
	kindBefore     = "the fix changed the events sent before the shutdown"
	kindAfterFixed = "the fixed program sent an event that has a fix after the shutdown"
	kindUnreported = "the program sent an event that no finding names after the shutdown"
)

// A verdict is what the oracle found wrong with one program: by kind, the
// problems (each said once however many runs show it) and the first pair
// of runs that shows them.
type verdict struct {
	kinds    []string // in the order found
	problems map[string][]string
	runs     map[string]*runPair
}

// runPair is one scenario run before and after -fix.
type runPair struct{ before, after runnerRun }

func (v *verdict) add(kind, problem string, runs *runPair) {
	if v.problems == nil {
		v.problems, v.runs = make(map[string][]string), make(map[string]*runPair)
	}
	if _, ok := v.problems[kind]; !ok {
		v.kinds = append(v.kinds, kind)
		v.runs[kind] = runs
	}
	if !slices.Contains(v.problems[kind], problem) {
		v.problems[kind] = append(v.problems[kind], problem)
	}
}

func (v *verdict) failed() bool { return len(v.kinds) > 0 }

// sites describes the sites of a program and the findings on their lines,
// before and after -fix, for the checks and their messages.
type sites struct {
	prog        *rungen.Program
	findings    []programFinding
	fixedSource []byte
	again       []programFinding // the findings of a second run, over the fixed program
}

// at returns the findings on the line of the site whose events carry
// reason tag.
func (s sites) at(tag string) (rungen.Site, []programFinding, bool) {
	site, ok := s.prog.Site(tag)
	if !ok {
		return site, nil, false
	}
	var on []programFinding
	for _, f := range s.findings {
		if f.line == site.Line {
			on = append(on, f)
		}
	}
	return site, on, true
}

// fixed reports whether a finding on the site of tag has a fix.
func (s sites) fixed(tag string) bool {
	_, on, _ := s.at(tag)
	return slices.ContainsFunc(on, func(f programFinding) bool { return f.fix != "" })
}

// describe names an event and its site: "Normal E7 (line 31, time.AfterFunc
// callback after a derivation; reported, with a fix)".
func (s sites) describe(event string) string {
	_, tag, _ := strings.Cut(event, " ")
	site, on, ok := s.at(tag)
	if !ok {
		return event + " (no site has this reason)"
	}
	reported := "not reported"
	switch {
	case s.fixed(tag):
		reported = "reported, with a fix"
	case len(on) > 0:
		reported = "reported, without a fix"
	}
	late := ""
	if site.Late {
		late = ", runs after Reconcile returns"
	}
	if s.fixed(tag) {
		switch again := s.reportedAgain(tag); {
		case again == nil:
		case again.fix != "":
			reported += ", not applied: a second run offers it again"
		default:
			reported += ", not applied: a second run reports it without a fix"
		}
	}
	return fmt.Sprintf("%s (line %d, %s%s; %s)", event, site.Line, site.Shape, late, reported)
}

// reportedAgain returns the finding of a second run, after -fix, on the
// line that holds the site of tag in the fixed program, nil when there is
// none (the fix was applied).
func (s sites) reportedAgain(tag string) *programFinding {
	anchor := []byte(`"` + tag + `"`)
	i := bytes.Index(s.fixedSource, anchor)
	if i < 0 || bytes.Count(s.fixedSource, anchor) != 1 {
		return nil
	}
	line := 1 + bytes.Count(s.fixedSource[:i], []byte("\n"))
	for _, f := range s.again {
		if f.line == line {
			return &f
		}
	}
	return nil
}

// checkSecondRun: where a finding had a fix, a second run over the fixed
// program reports nothing (a site that had none may still be reported;
// one whose fix -fix left out is).
func checkSecondRun(s sites, v *verdict) {
	for _, site := range s.prog.Sites {
		if !s.fixed(site.Tag) {
			continue
		}
		if f := s.reportedAgain(site.Tag); f != nil {
			v.add(kindSecondRun, fmt.Sprintf("%s (line %d): %v (line of the fixed program)", site.Tag, site.Line, *f), nil)
		}
	}
}

// handsOnLive reports whether -fix renames a derived context so that a call
// that handed a function a context the code had cancelled hands it the
// live parent (RULE v7, "Calls that hand on a cancelled context"): by
// design, that function's API calls and events then change (they failed
// with context canceled before the fix), and so may its caller's, which
// reads its result.
func (s sites) handsOnLive() bool {
	return slices.ContainsFunc(s.findings, func(f programFinding) bool {
		return f.fix != "" && strings.Contains(f.message, "a context that the code has cancelled")
	})
}

// check compares the runs of one program before and after -fix. Where a
// fix hands a function the live context instead of a cancelled one, the
// runs of the two programs differ by design: only the shutdown's promise
// is checked then (no event that has a fix after it).
func check(s sites, before, after []runnerRun, v *verdict) {
	find := func(runs []runnerRun, scenario string, at int) (runnerRun, bool) {
		i := slices.IndexFunc(runs, func(r runnerRun) bool { return r.Scenario == scenario && r.At == at })
		if i < 0 {
			return runnerRun{}, false
		}
		return runs[i], true
	}
	u, okb := find(before, "uninterrupted", 0)
	ua, oka := find(after, "uninterrupted", 0)
	if !okb || !oka {
		v.add(kindCalls, "no uninterrupted run", nil)
		return
	}
	live := s.handsOnLive()
	if !live {
		checkUninterruptedRun(s, &runPair{u, ua}, v)
	}
	for _, rb := range before {
		if rb.Scenario == "uninterrupted" || rb.At > u.Ends {
			continue // the cancel point after the last call is an uninterrupted run
		}
		ra, ok := find(after, rb.Scenario, rb.At)
		if !ok {
			v.add(kindCalls, fmt.Sprintf("the fixed program never reaches API call %d, where the %s ends the context", rb.At, rb.Scenario), &runPair{rb, runnerRun{}})
			continue
		}
		pair := &runPair{rb, ra}
		switch {
		case rb.Scenario == "timeout" && !live:
			checkTimeout(s, pair, v)
		case rb.Scenario == "shutdown":
			checkShutdown(s, pair, v, live)
		}
	}
}

// checkUninterruptedRun: nothing cancelled but what the code and
// controller-runtime cancel, the fixed program sends the events the
// original sent (as a multiset: late callbacks run in goroutines of their
// own), makes the same API calls and returns the same result.
func checkUninterruptedRun(s sites, p *runPair, v *verdict) {
	if p.before.Calls != p.after.Calls || p.before.Ends != p.after.Ends {
		v.add(kindCalls, fmt.Sprintf("%d API calls before the fix, %d after", p.before.Calls, p.after.Calls), p)
	}
	if p.before.Err != p.after.Err {
		v.add(kindCalls, fmt.Sprintf("Reconcile returned %q before the fix, %q after", p.before.Err, p.after.Err), p)
	}
	lost, gained := multisetDiff(events(p.before.Log), events(p.after.Log))
	for _, e := range lost {
		v.add(kindLost, "lost "+s.describe(e), p)
	}
	for _, e := range gained {
		v.add(kindLost, "gained "+s.describe(e), p)
	}
}

// checkTimeout: a timeout is a real failure and still notifies, so the
// fixed program sends what the original sent.
func checkTimeout(s sites, p *runPair, v *verdict) {
	lost, gained := multisetDiff(events(p.before.Log), events(p.after.Log))
	for _, e := range lost {
		v.add(kindTimeout, fmt.Sprintf("lost %s (timeout at API call %d)", s.describe(e), p.before.At), p)
	}
	for _, e := range gained {
		v.add(kindTimeout, fmt.Sprintf("gained %s (timeout at API call %d)", s.describe(e), p.before.At), p)
	}
}

// checkShutdown: up to the shutdown both send the same events in the same
// order; from it on, the fixed program sends no event whose finding has a
// fix, and the original sends none that no finding names, but where the
// rule puts the site out of reach.
func checkShutdown(s sites, p *runPair, v *verdict, live bool) {
	bUpTo, bFrom := splitAt(p.before.Log)
	aUpTo, aFrom := splitAt(p.after.Log)
	if !live && !slices.Equal(events(bUpTo), events(aUpTo)) {
		v.add(kindBefore, fmt.Sprintf("shutdown at API call %d: before it, %q then %q", p.before.At, events(bUpTo), events(aUpTo)), p)
	}
	for _, e := range events(aFrom) {
		if _, tag, _ := strings.Cut(e, " "); s.fixed(tag) {
			v.add(kindAfterFixed, "sent "+s.describe(e), p)
		}
	}
	for _, e := range events(bFrom) {
		_, tag, _ := strings.Cut(e, " ")
		site, on, ok := s.at(tag)
		if !ok || len(on) == 0 && site.OutOfReach == "" {
			v.add(kindUnreported, "sent "+s.describe(e), p)
		}
	}
}

// events returns the events of a log as "Type Reason".
func events(log []logEntry) []string {
	var out []string
	for _, e := range log {
		if e.Kind == "event" {
			out = append(out, e.Type+" "+e.Reason)
		}
	}
	return out
}

// splitAt splits a log at the end of the manager's context.
func splitAt(log []logEntry) (upTo, from []logEntry) {
	i := slices.IndexFunc(log, func(e logEntry) bool { return e.Kind != "event" })
	if i < 0 {
		return log, nil
	}
	return log[:i], log[i+1:]
}

// multisetDiff returns what a has more of than b, and what b has more of
// than a, sorted.
func multisetDiff(a, b []string) (onlyA, onlyB []string) {
	count := make(map[string]int)
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, x := range slices.Sorted(maps.Keys(count)) {
		for ; count[x] > 0; count[x]-- {
			onlyA = append(onlyA, x)
		}
		for ; count[x] < 0; count[x]++ {
			onlyB = append(onlyB, x)
		}
	}
	return onlyA, onlyB
}
