package rt

import "sync"

// Hooks is a hook registrar: the functions registered run after
// Reconcile has returned, when the runner calls [Hooks.Run], as a
// framework runs its completion hooks. Its registrar stores the literal:
// an analyzer that reads it sees a literal that may run later.
type Hooks struct {
	mu  sync.Mutex
	fns []func()
}

// OnDone registers f.
func (h *Hooks) OnDone(f func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.fns = append(h.fns, f)
}

// Run runs the registered functions in the order they were registered.
func (h *Hooks) Run() {
	h.mu.Lock()
	fns := h.fns
	h.fns = nil
	h.mu.Unlock()
	for _, f := range fns {
		f()
	}
}

// Late holds callbacks that run in goroutines of their own
// (time.AfterFunc, go statements) until Reconcile has returned, so that
// they run after it whatever the scheduler does, and lets the runner wait
// for them. A callback is announced with Add before it is handed on, and
// starts with defer l.Done() and l.Hold().
type Late struct {
	wg   sync.WaitGroup
	once sync.Once
	gate chan struct{}
}

// Add announces a callback.
func (l *Late) Add() { l.wg.Add(1) }

// Done says that an announced callback has finished.
func (l *Late) Done() { l.wg.Done() }

// Hold blocks until the runner has seen Reconcile return.
func (l *Late) Hold() { <-l.gate }

// release lets the held callbacks run and waits for every announced one.
func (l *Late) release() {
	l.once.Do(func() { close(l.gate) })
	l.wg.Wait()
}
