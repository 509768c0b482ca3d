// Package errs forwards to errors.Is, as shared error helpers do. It
// imports no recorder: the forwarder fact is exported anyway.
package errs

import (
	"context"
	stderrors "errors"
)

// Is forwards to errors.Is.
func Is(err, target error) bool { // want Is:"errorsIs"
	return stderrors.Is(err, target)
}

// Matches forwards through Is.
func Matches(err, target error) bool { return Is(err, target) } // want Matches:"errorsIs"

// Swapped passes its parameters in the other order: not a forwarder.
func Swapped(target, err error) bool { return stderrors.Is(err, target) }

// IsCanceled tests an error against context.Canceled: an error test,
// whose fact makes a test through it in another package name itself in
// the message, as errors.Is(err, context.Canceled) does.
func IsCanceled(err error) bool { // want IsCanceled:"errorTest\\(param=0, true={canceled}, false={live,timedOut}\\)"
	return stderrors.Is(err, context.Canceled)
}

// NotFound tests against another error: no error test.
func NotFound(err error) bool { return stderrors.Is(err, errNotFound) }

var errNotFound = stderrors.New("not found")
