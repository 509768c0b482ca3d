package e2e

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
)

// oracleStats are what a run of the oracle did and how long each stage
// took.
type oracleStats struct {
	programs, failed                   int
	generate, analyze, fix, build, run time.Duration
	shapes                             map[rungen.Shape]int
	kinds                              map[string]int // failing programs by kind of problem
}

func (s *oracleStats) add(o oracleStats) {
	s.programs += o.programs
	s.failed += o.failed
	s.generate += o.generate
	s.analyze += o.analyze
	s.fix += o.fix
	s.build += o.build
	s.run += o.run
	s.count(o.shapes, o.kinds)
}

func (s *oracleStats) count(shapes map[rungen.Shape]int, kinds map[string]int) {
	if s.shapes == nil {
		s.shapes, s.kinds = make(map[rungen.Shape]int), make(map[string]int)
	}
	for k, n := range shapes {
		s.shapes[k] += n
	}
	for k, n := range kinds {
		s.kinds[k] += n
	}
}

// log prints the rate, the time of each stage, the shapes covered and the
// failures by kind.
func (s oracleStats) log(t *testing.T) {
	t.Helper()
	total := s.generate + s.analyze + s.fix + s.build + s.run
	if s.programs == 0 || total == 0 {
		return
	}
	var shapes []string
	for _, sh := range rungen.Shapes {
		shapes = append(shapes, fmt.Sprintf("%s %d", sh, s.shapes[sh]))
	}
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(s.kinds)) {
		kinds = append(kinds, fmt.Sprintf("\n\t%3d  %s", s.kinds[k], k))
	}
	t.Logf("%d programs in %v: %.2f programs/s (generate %v, analyze %v, fix %v, build %v, run %v); %d failed%s\nshapes: %s",
		s.programs, total.Round(time.Millisecond), float64(s.programs)/total.Seconds(),
		s.generate.Round(time.Millisecond), s.analyze.Round(time.Millisecond), s.fix.Round(time.Millisecond),
		s.build.Round(time.Millisecond), s.run.Round(time.Millisecond), s.failed, strings.Join(kinds, ""), strings.Join(shapes, ", "))
}
