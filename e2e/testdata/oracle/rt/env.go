package rt

// Env is what a generated controller is built with for one run.
type Env struct {
	Log      *Log
	Manager  *Manager
	Recorder *Recorder
	Events   *EventsRecorder
	API      *API
	Hooks    *Hooks
	Late     *Late
}

// A Scenario says where a run's manager's context ends: at the End-th
// API call handed a context that may end (0: never), with Err
// (context.Canceled for a shutdown, context.DeadlineExceeded for a
// deadline).
type Scenario struct {
	End int
	Err error
}

// NewEnv returns the environment of one run: failMask says which API
// calls fail (bit i for the call i+1, modulo 64).
func NewEnv(failMask uint64, s Scenario) *Env {
	log := &Log{}
	mgr := NewManager()
	return &Env{
		Log:      log,
		Manager:  mgr,
		Recorder: &Recorder{log: log},
		Events:   &EventsRecorder{log: log},
		API:      &API{log: log, mgr: mgr, failMask: failMask, endAt: s.End, endWith: s.Err},
		Hooks:    &Hooks{},
		Late:     &Late{gate: make(chan struct{})},
	}
}

// Returned runs what a controller leaves to run after Reconcile has
// returned: the registered hooks, flush (the controller's stored
// functions, nil when it keeps none), then the held late callbacks, which
// it waits for.
func (e *Env) Returned(flush func()) {
	e.Hooks.Run()
	if flush != nil {
		flush()
	}
	e.Late.release()
}
