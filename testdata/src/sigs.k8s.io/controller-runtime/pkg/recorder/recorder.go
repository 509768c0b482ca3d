// Stub of sigs.k8s.io/controller-runtime/pkg/recorder (v0.25) for tests:
// same package path, names and signatures as the real package.

// Package recorder defines interfaces for working with Kubernetes event recorders.
package recorder

import (
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
)

// EventRecorder records events.k8s.io/v1 Events, with or without
// annotations: what mgr.GetEventRecorder returns.
type EventRecorder interface {
	events.EventRecorder
	events.AnnotatedEventRecorder
}

// Provider knows how to generate new event recorders with given name.
type Provider interface {
	// GetEventRecorderFor returns an EventRecorder for the old events API.
	//
	// Deprecated: this uses the old events API and will be removed in a future release. Please use GetEventRecorder instead.
	GetEventRecorderFor(name string) record.EventRecorder
	// GetEventRecorder returns an EventRecorder with given name.
	GetEventRecorder(name string) EventRecorder
}
