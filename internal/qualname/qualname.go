// Package qualname parses the qualified names that the sinks and guards
// settings take, "pkgpath.Func" or "pkgpath.Type.Method": string functions
// alone, since the analyzer imports it and a pass reads no file. Package
// modcheck checks the names against a module on disk, for the drivers.
package qualname

import (
	"fmt"
	"go/token"
	"strings"
)

// Form is the accepted form, as error messages and help texts quote it.
const Form = "pkgpath.Func or pkgpath.Type.Method"

// Parse reports whether name has the form "pkgpath.Func" or
// "pkgpath.Type.Method".
func Parse(name string) error {
	const want = "want " + Form + ", e.g. example.com/events.Notify"
	tail := name[strings.LastIndex(name, "/")+1:]
	dot := strings.Index(tail, ".")
	if name == "" || dot <= 0 || strings.ContainsAny(name, " \t\n,") {
		return fmt.Errorf("%q: %s", name, want)
	}
	for _, ident := range strings.Split(tail[dot+1:], ".") {
		if !token.IsIdentifier(ident) {
			return fmt.Errorf("%q: %q is not an identifier; %s", name, ident, want)
		}
	}
	return nil
}

// In splits name when it belongs to the package at pkgPath, returning the
// rest: "Func" or "Type.Method".
func In(name, pkgPath string) (rest string, ok bool) {
	rest, ok = strings.CutPrefix(name, pkgPath+".")
	return rest, ok && !strings.Contains(rest, "/")
}

// Packages lists the package paths name may start with, the shortest
// first: the last element of a package path may hold dots (gopkg.in/yaml.v3),
// so "a/b.c.F" may be package a/b (type c) or package a/b.c.
func Packages(name string) []string {
	var out []string
	for i := strings.LastIndex(name, "/") + 1; i < len(name); i++ {
		if name[i] == '.' {
			out = append(out, name[:i])
		}
	}
	return out
}
