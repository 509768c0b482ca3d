package packagepath

import "testing"

func TestIsStd(t *testing.T) {
	for path, want := range map[string]bool{
		"errors":                         true,
		"context":                        true,
		"net/http":                       true,
		"k8s.io/client-go/tools/record":  false,
		"example.com":                    false,
		"gopkg.in/yaml.v3":               false,
		"local/events":                   true, // the form alone: a module path without a dot reads as std
		"github.com/fluxcd/pkg/runtime":  false,
		"golang.org/x/tools/go/analysis": false,
	} {
		if got := IsStd(path); got != want {
			t.Errorf("IsStd(%q) = %v, want %v", path, got, want)
		}
	}
}
