// Package workqueue is a stub of k8s.io/client-go/util/workqueue (v0.37.2):
// the names and signatures of its parallelizer.
package workqueue

import "context"

// DoWorkPieceFunc is the work of one piece.
type DoWorkPieceFunc func(piece int)

type options struct {
	chunkSize int
}

// Options configures ParallelizeUntil.
type Options func(*options)

// WithChunkSize allows to set chunks of work items to the workers.
func WithChunkSize(c int) func(*options) {
	return func(o *options) { o.chunkSize = c }
}

// ParallelizeUntil is a framework that allows for parallelizing N
// independent pieces of work until done or the context is canceled.
func ParallelizeUntil(ctx context.Context, workers, pieces int, doWorkPiece DoWorkPieceFunc, opts ...Options) {
	o := options{}
	for _, opt := range opts {
		opt(&o)
	}
	for i := 0; i < pieces && ctx.Err() == nil; i++ {
		doWorkPiece(i)
	}
}
