package refactor

import (
	"slices"
	"testing"
)

func TestNewBody(t *testing.T) {
	var b NewBody
	b.Take("errors", "context")
	var got []string
	for _, base := range []string{"r", "ctx", "errors", "ctx", "context"} {
		got = append(got, b.Fresh(base))
	}
	if want := []string{"r", "ctx", "errors2", "ctx2", "context2"}; !slices.Equal(got, want) {
		t.Errorf("fresh names %q, want %q", got, want)
	}
}
