package refactor

import "strconv"

// maxFresh bounds the names FreshName tries.
const maxFresh = 99

// FreshName returns the first of base, base2, base3 ... base99 that free
// accepts; false when none is.
func FreshName(base string, free func(string) bool) (string, bool) {
	for i := 1; i <= maxFresh; i++ {
		name := base
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if free(name) {
			return name, true
		}
	}
	return "", false
}
