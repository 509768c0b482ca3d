// Stub of github.com/pkg/errors for tests: same package path, names and
// signatures as the real package (a subset), the real bodies where they
// matter to the analyzer.

package errors

import (
	stderrors "errors"
	"fmt"
)

// New returns an error with the supplied message.
func New(message string) error { return stderrors.New(message) }

// Wrap returns an error annotating err with a message.
func Wrap(err error, message string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", message, err)
}

// Is reports whether any error in err's chain matches target.
func Is(err, target error) bool { return stderrors.Is(err, target) }
