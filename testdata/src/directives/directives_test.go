package directives

import "context"

func (r *R) inTest(ctx context.Context) {
	r.rec.Event(r.obj, "Warning", "Failed", "test files are not reported")
}
