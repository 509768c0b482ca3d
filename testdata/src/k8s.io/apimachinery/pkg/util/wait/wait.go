// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait (v0.37.2):
// the names and signatures of the polling helpers.
package wait

import (
	"context"
	"time"
)

// ConditionWithContextFunc returns true if the condition is satisfied, or
// an error if the loop should be aborted.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

// PollUntilContextCancel tries a condition func until it returns true, an
// error, or the context is cancelled or hits a deadline.
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	for {
		if done, err := condition(ctx); done || err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}
