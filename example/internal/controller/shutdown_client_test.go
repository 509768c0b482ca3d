package controller_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

// The scenarios: what happens at the interruption point of a
// reconciliation.
type scenario string

const (
	// shutdown: the manager stops there; the context is cancelled
	// (context.Canceled) and the call fails with that error.
	shutdown scenario = "shutdown"
	// timeout: the call outlasts the reconciliation's deadline
	// (context.DeadlineExceeded).
	timeout scenario = "timeout"
	// failure: the call fails with a live context: the API server (or
	// the remote end) answers 500.
	failure scenario = "failure"
	// success: the call succeeds.
	success scenario = "success"
)

var scenarios = []scenario{shutdown, timeout, failure, success}

// waitLimit bounds the wait for a deadline that has been set, should the
// context never report it.
const waitLimit = time.Minute

// A run is one reconciliation in one scenario.
type run struct {
	scenario scenario
	cancel   context.CancelFunc // the manager's stop, for shutdown
	sent     *sentLog
	point    clientCall     // the interruption point, if it is a client call
	calls    map[string]int // client calls made, by op
	reached  bool           // the interruption point was reached
	live     bool           // ... with a live context
}

// A clientCall names the n-th call of one kind that a reconciliation
// makes through its client, such as the second status patch.
type clientCall struct {
	op string // "get", "patch", "update", "status patch", "status update"...
	n  int
}

// interrupt plays the scenario at the interruption point; do is the work
// the call does when it succeeds. Only the first arrival interrupts.
func (r *run) interrupt(ctx context.Context, do func() error) error {
	if r.reached {
		return do()
	}
	r.reached, r.live = true, ctx.Err() == nil
	r.sent.interrupt()
	switch r.scenario {
	case shutdown:
		r.cancel()
		return ctx.Err()
	case timeout:
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(waitLimit):
			return fmt.Errorf("the deadline did not pass within %s", waitLimit)
		}
	case failure:
		return apierrors.NewInternalError(errors.New("etcdserver: leader changed"))
	default:
		return do()
	}
}

// seam is an interruption point in a function the reconciler is given
// (a webhook, a fetcher, a store): like the real ones, it fails once the
// context is done.
func (r *run) seam(ctx context.Context, do func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return r.interrupt(ctx, do)
}

// call passes a client call through: like the real client against an API
// server, it fails with the context's error once the context is done;
// the interruption point is interrupted.
func (r *run) call(ctx context.Context, op string, do func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	r.calls[op]++
	if r.point.op == op && r.calls[op] == r.point.n {
		return r.interrupt(ctx, do)
	}
	return do()
}

// newClient returns a fake client holding objs, whose calls go through r.
func (r *run) newClient(scheme *runtime.Scheme, objs, withStatus []client.Object) client.Client {
	return fake.NewClientBuilder().
		WithScheme(scheme).
		WithObjects(objs...).
		WithStatusSubresource(withStatus...).
		WithInterceptorFuncs(r.interceptors()).
		Build()
}

func (r *run) interceptors() interceptor.Funcs {
	return interceptor.Funcs{
		Get: func(ctx context.Context, c client.WithWatch, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
			return r.call(ctx, "get", func() error { return c.Get(ctx, key, obj, opts...) })
		},
		List: func(ctx context.Context, c client.WithWatch, list client.ObjectList, opts ...client.ListOption) error {
			return r.call(ctx, "list", func() error { return c.List(ctx, list, opts...) })
		},
		Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
			return r.call(ctx, "create", func() error { return c.Create(ctx, obj, opts...) })
		},
		Delete: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.DeleteOption) error {
			return r.call(ctx, "delete", func() error { return c.Delete(ctx, obj, opts...) })
		},
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			return r.call(ctx, "update", func() error { return c.Update(ctx, obj, opts...) })
		},
		Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			return r.call(ctx, "patch", func() error { return c.Patch(ctx, obj, patch, opts...) })
		},
		SubResourceUpdate: func(ctx context.Context, c client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
			return r.call(ctx, sub+" update", func() error { return c.SubResource(sub).Update(ctx, obj, opts...) })
		},
		SubResourcePatch: func(ctx context.Context, c client.Client, sub string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
			return r.call(ctx, sub+" patch", func() error { return c.SubResource(sub).Patch(ctx, obj, patch, opts...) })
		},
	}
}
