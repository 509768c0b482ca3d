// Package rt is what the generated controllers of the run-time oracle
// talk to, and the record of what they sent. Nothing in it decides by
// time: the manager's context ends at a chosen API call, synchronously,
// and callbacks that run after Reconcile returns are released by the
// runner, not by a clock.
package rt

import "sync"

// An Entry is one thing a run recorded, in order: an event sent
// ("event"), or the end of the manager's context ("shutdown" or
// "timeout") at an API call.
type Entry struct {
	Kind   string `json:"kind"`
	Type   string `json:"type,omitempty"`   // the event's type: Normal, Warning
	Reason string `json:"reason,omitempty"` // the event's reason: the tag of its site
	API    string `json:"api,omitempty"`    // "core/v1" or "events.k8s.io/v1"
}

// A Log is the ordered record of a run. Late callbacks run in goroutines
// of their own, so it takes a lock.
type Log struct {
	mu      sync.Mutex
	entries []Entry
}

func (l *Log) add(e Entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
}

// Entries returns what was recorded so far.
func (l *Log) Entries() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Entry(nil), l.entries...)
}
