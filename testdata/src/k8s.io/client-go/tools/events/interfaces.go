// Stub of k8s.io/client-go/tools/events for tests: same package path, names
// and signatures as the real package, trivial bodies.

package events

import (
	internalevents "k8s.io/client-go/tools/internal/events"
)

type EventRecorder = internalevents.EventRecorder
type EventRecorderLogger = internalevents.EventRecorderLogger
type AnnotatedEventRecorder = internalevents.AnnotatedEventRecorder
