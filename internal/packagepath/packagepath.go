// Package packagepath tells what an import path says about its package
// from the string alone: the import fixes of internal/refactor and the
// standalone driver's choice of dependencies both ask whether a path is
// the standard library's.
package packagepath

import "strings"

// IsStd reports whether path has the form of a standard library path: no
// dot in its first element.
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
