// Package events builds the Kubernetes events of the provider's
// controllers, for Karpenter's event recorder to publish.
package events

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	karpv1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/events"

	"example.com/provider/pkg/apis/v1alpha1"
)

// ImagesNotResolved reports a NodeClass whose image family resolves to no
// image.
func ImagesNotResolved(nodeClass *v1alpha1.NodeClass, err error) events.Event {
	return events.Event{
		InvolvedObject: nodeClass,
		Type:           corev1.EventTypeWarning,
		Reason:         "ImagesNotResolved",
		Message:        fmt.Sprintf("Resolving images of family %q: %s", nodeClass.Spec.ImageFamily, err),
		DedupeValues:   []string{string(nodeClass.UID)},
	}
}

// SubnetsNotResolved reports a NodeClass whose selector matches no subnet.
func SubnetsNotResolved(nodeClass *v1alpha1.NodeClass, err error) events.Event {
	return events.Event{
		InvolvedObject: nodeClass,
		Type:           corev1.EventTypeWarning,
		Reason:         "SubnetsNotResolved",
		Message:        fmt.Sprintf("Resolving subnets: %s", err),
		DedupeValues:   []string{string(nodeClass.UID)},
	}
}

// SubnetsExhausted reports subnets with too few free addresses left.
func SubnetsExhausted(nodeClass *v1alpha1.NodeClass, zones []string) events.Event {
	return events.Event{
		InvolvedObject: nodeClass,
		Type:           corev1.EventTypeWarning,
		Reason:         "SubnetsExhausted",
		Message:        fmt.Sprintf("Subnets in %v have fewer than 16 free addresses", zones),
		DedupeValues:   []string{string(nodeClass.UID)},
		DedupeTimeout:  time.Hour,
	}
}

// StatusUpdateFailed reports a status that could not be written.
func StatusUpdateFailed(nodeClass *v1alpha1.NodeClass, err error) events.Event {
	return events.Event{
		InvolvedObject: nodeClass,
		Type:           corev1.EventTypeWarning,
		Reason:         "StatusUpdateFailed",
		Message:        fmt.Sprintf("Updating status: %s", err),
	}
}

// SpotInterrupted reports the interruption notice of a spot instance.
func SpotInterrupted(nodeClaim *karpv1.NodeClaim) events.Event {
	return events.Event{
		InvolvedObject: nodeClaim,
		Type:           corev1.EventTypeWarning,
		Reason:         "SpotInterrupted",
		Message:        "Spot interruption warning was triggered",
		DedupeValues:   []string{string(nodeClaim.UID)},
	}
}

// InstanceStopping reports an instance the cloud is stopping or
// terminating.
func InstanceStopping(nodeClaim *karpv1.NodeClaim, state string) events.Event {
	return events.Event{
		InvolvedObject: nodeClaim,
		Type:           corev1.EventTypeWarning,
		Reason:         "InstanceStopping",
		Message:        fmt.Sprintf("Instance is %s", state),
		DedupeValues:   []string{string(nodeClaim.UID)},
	}
}

// TerminatingOnInterruption reports the NodeClaim deleted for an
// interruption.
func TerminatingOnInterruption(nodeClaim *karpv1.NodeClaim) events.Event {
	return events.Event{
		InvolvedObject: nodeClaim,
		Type:           corev1.EventTypeNormal,
		Reason:         "TerminatingOnInterruption",
		Message:        "Interruption triggered termination for the NodeClaim",
		DedupeValues:   []string{string(nodeClaim.UID)},
	}
}
