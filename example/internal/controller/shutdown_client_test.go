package controller_test

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	v1 "example.com/controllers/api/v1"
)

// A clientCall names the n-th call of one kind that a reconciliation
// makes through its client, such as the second status patch.
type clientCall struct {
	op string // "get", "patch", "update", "status patch", "status update"...
	n  int
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

// statusWrite records the conditions of a status write the
// reconciliation attempts, before the call can fail: a write with a
// cancelled context shows what the reconciliation meant to record.
func (r *run) statusWrite(sub string, obj client.Object) {
	if sub != "status" {
		return
	}
	switch o := obj.(type) {
	case *v1.HelmRelease:
		r.sent.statusWritten(o.Status.Conditions)
	case *v1.GitRepository:
		r.sent.statusWritten(o.Status.Conditions)
	case *v1.Bucket:
		r.sent.statusWritten(o.Status.Conditions)
	case *v1.ImageRepository:
		r.sent.statusWritten(o.Status.Conditions)
	case *v1.ImagePolicy:
		r.sent.statusWritten(o.Status.Conditions)
	}
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
			r.statusWrite(sub, obj)
			return r.call(ctx, sub+" update", func() error { return c.SubResource(sub).Update(ctx, obj, opts...) })
		},
		SubResourcePatch: func(ctx context.Context, c client.Client, sub string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
			r.statusWrite(sub, obj)
			return r.call(ctx, sub+" patch", func() error { return c.SubResource(sub).Patch(ctx, obj, patch, opts...) })
		},
	}
}
