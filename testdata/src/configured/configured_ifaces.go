package configured

import "context"

// sender is implemented by Notifier, whose Send is a sink by -sinks: an
// emitter interface method.
type sender interface {
	Send(msg string) // want Send:`emitter\(Notifier.Send\)`
}

func notifyThrough(ctx context.Context, s sender) {
	s.Send("failed") // want `event emitted by s.Send is not guarded`
}
