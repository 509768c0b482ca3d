package rt

import (
	"context"
	"fmt"
	"sync"
)

// API is the fake API server a generated controller calls. Like a real
// client, a call fails with its context's error once that context is
// done. It counts the calls handed a context that may end (one whose
// Done is not nil): at the one the scenario names, it ends the manager's
// context, as a shutdown or a deadline would while the call is in
// flight, and fails with the error that ends it. Other calls fail where
// the program's failure mask says, so that an uninterrupted run takes
// failure paths too.
type API struct {
	log      *Log
	mgr      *Manager
	failMask uint64
	endAt    int   // the call that ends the manager's context, 0 for none
	endWith  error // context.Canceled (shutdown) or context.DeadlineExceeded

	mu    sync.Mutex
	calls int // every call
	ends  int // calls handed a context that may end
}

// Do performs the operation op.
func (a *API) Do(ctx context.Context, op string) error {
	a.mu.Lock()
	a.calls++
	n := a.calls
	end := false
	if ctx.Done() != nil {
		a.ends++
		end = a.ends == a.endAt
	}
	a.mu.Unlock()
	if end {
		kind := "shutdown"
		if a.endWith == context.DeadlineExceeded {
			kind = "timeout"
		}
		a.log.add(Entry{Kind: kind})
		a.mgr.end(a.endWith)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if a.failMask>>((n-1)%64)&1 == 1 {
		return fmt.Errorf("%s: the API failed", op)
	}
	return nil
}

// Counts returns the number of calls, and of calls handed a context that
// may end: the points where a scenario can end the manager's context.
func (a *API) Counts() (calls, ends int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.calls, a.ends
}
