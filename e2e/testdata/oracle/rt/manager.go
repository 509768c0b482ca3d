package rt

import (
	"context"
	"sync"
	"time"
)

// Manager is the manager's context, the parent of every reconcile
// context: it ends only when [Manager.end] is called, with the error a
// shutdown (context.Canceled) or a deadline (context.DeadlineExceeded)
// gives. It implements the AfterFunc method that package context looks
// for, so that the contexts derived from it (controller-runtime's
// WithTimeoutCause among them) end synchronously with it, instead of in
// a goroutine that package context would otherwise start to watch Done:
// right after the call that ended it, every context of the run says so.
type Manager struct {
	mu    sync.Mutex
	done  chan struct{}
	err   error
	after map[int]func()
	next  int
}

// NewManager returns a manager's context that has not ended.
func NewManager() *Manager {
	return &Manager{done: make(chan struct{}), after: make(map[int]func())}
}

// Deadline reports no deadline: the manager's context ends by end alone.
func (m *Manager) Deadline() (time.Time, bool) { return time.Time{}, false }

// Done is closed when the context ends.
func (m *Manager) Done() <-chan struct{} { return m.done }

// Err is nil until the context ends, then the error it ended with.
func (m *Manager) Err() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.err
}

// Value holds no values.
func (m *Manager) Value(key any) any { return nil }

// AfterFunc arranges for f to run when the context ends, synchronously
// in end; stop keeps it from running.
func (m *Manager) AfterFunc(f func()) (stop func() bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		go f()
		return func() bool { return false }
	}
	id := m.next
	m.next++
	m.after[id] = f
	return func() bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		_, ok := m.after[id]
		delete(m.after, id)
		return ok
	}
}

// end ends the context with err and runs the functions registered by
// AfterFunc before it returns.
func (m *Manager) end(err error) {
	m.mu.Lock()
	if m.err != nil {
		m.mu.Unlock()
		return
	}
	m.err = err
	close(m.done)
	after, next := m.after, m.next
	m.after = nil
	m.mu.Unlock()
	for id := range next { // in the order they were registered
		if f, ok := after[id]; ok {
			f()
		}
	}
}

var _ context.Context = (*Manager)(nil)
