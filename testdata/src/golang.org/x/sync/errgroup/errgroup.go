// Package errgroup is a stub of golang.org/x/sync/errgroup (v0.24.0): the
// type and the signatures of its API.
package errgroup

import "context"

// A Group is a collection of goroutines working on subtasks of a common
// task.
type Group struct {
	cancel func(error)
}

// WithContext returns a new Group and an associated Context derived from
// ctx, cancelled the first time a function passed to Go returns a non-nil
// error or the first time Wait returns.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancelCause(ctx)
	return &Group{cancel: cancel}, ctx
}

// Wait blocks until all function calls from the Go method have returned,
// then returns the first non-nil error (if any) from them.
func (g *Group) Wait() error { return nil }

// Go calls the given function in a new goroutine.
func (g *Group) Go(f func() error) {}

// TryGo calls the given function in a new goroutine only if the number of
// active goroutines in the group is below the configured limit.
func (g *Group) TryGo(f func() error) bool { return true }

// SetLimit limits the number of active goroutines in this group to at
// most n.
func (g *Group) SetLimit(n int) {}
