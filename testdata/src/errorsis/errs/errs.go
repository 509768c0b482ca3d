// Package errs forwards to errors.Is, as shared error helpers do. It
// imports no recorder: the forwarder fact is exported anyway.
package errs

import stderrors "errors"

// Is forwards to errors.Is.
func Is(err, target error) bool { // want Is:"errorsIs"
	return stderrors.Is(err, target)
}

// Matches forwards through Is.
func Matches(err, target error) bool { return Is(err, target) } // want Matches:"errorsIs"

// Swapped passes its parameters in the other order: not a forwarder.
func Swapped(target, err error) bool { return stderrors.Is(err, target) }
