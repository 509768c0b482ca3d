package analyzer

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

// TestRecorderMethods checks that the standalone driver knows the names
// of the recorder methods: it looks for their calls to find the
// dependencies worth analysing from source.
func TestRecorderMethods(t *testing.T) {
	var names []string
	for name := range sinkShapes {
		names = append(names, name)
	}
	for key := range sinkMethods {
		names = append(names, key[strings.LastIndex(key, ".")+1:])
	}
	slices.Sort(names)
	names = slices.Compact(names)
	known := slices.Sorted(slices.Values(driver.RecorderMethods))
	if !slices.Equal(names, known) {
		t.Errorf("the analyzer's recorder methods are %q; driver.RecorderMethods has %q", names, known)
	}
	if !slices.Contains(sinkPackages, driver.RuntimePackage) {
		t.Errorf("driver.RuntimePackage %q is not one of the analyzer's sink packages %q", driver.RuntimePackage, sinkPackages)
	}
}
