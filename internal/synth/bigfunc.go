package synth

import (
	"fmt"
	"strings"
)

// BigFunction returns a file of package p whose Reconcile method is one
// generated function of about 16 lines per block: each block updates the
// object (a context-consuming call), emits one event that no fresh check
// guards (a finding) and one that is guarded, loops over items with a
// check per iteration and switches over a state. With nested, each block
// is opened inside the previous one instead of after it, so that the
// nesting depth grows with the size; its lines are not indented deeper
// (as generated code often is not), so that the file's bytes grow with
// its lines. The file imports the analyzer's test stubs
// (k8s.io/client-go/tools/record, controller-runtime's client).
func BigFunction(blocks int, nested bool) string {
	var b strings.Builder
	b.WriteString(header + `
type R struct {
	client client.Client
	rec    record.EventRecorder
	obj    *corev1.ConfigMap
	items  []string
}

func canceled(ctx context.Context) bool { return errors.Is(ctx.Err(), context.Canceled) }

func (r *R) Reconcile(ctx context.Context, state int) error {
	if canceled(ctx) {
		return nil
	}
`)
	writeBlocks(&b, blocks, nested, func(i int, indent string) {
		fmt.Fprintf(&b, "%sif err := r.client.Update(ctx, r.obj); err != nil {\n", indent)
		fmt.Fprintf(&b, "%s\tr.rec.Event(r.obj, corev1.EventTypeWarning, \"UpdateFailed%d\", err.Error()) // the fix carries this comment into its block\n", indent, i)
		fmt.Fprintf(&b, "%s\tif !canceled(ctx) {\n%s\t\tr.rec.Event(r.obj, corev1.EventTypeWarning, \"Retrying%d\", err.Error())\n%s\t}\n", indent, indent, i, indent)
		fmt.Fprintf(&b, "%s}\n", indent)
		fmt.Fprintf(&b, "%sfor _, item := range r.items {\n%s\tif ctx.Err() != nil {\n%s\t\tbreak\n%s\t}\n%s\tr.rec.Event(r.obj, corev1.EventTypeNormal, \"Item%d\", item)\n%s}\n",
			indent, indent, indent, indent, indent, i, indent)
		fmt.Fprintf(&b, "%sswitch state {\n%scase %d:\n%s\tstate++\n%s}\n", indent, indent, i, indent, indent)
	})
	b.WriteString("\treturn nil\n}\n")
	return b.String()
}

// header is the package clause and imports of BigFunction's and
// ValueFunction's files.
const header = `package p

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)
`

// writeBlocks writes n blocks with block, each after the previous one,
// or, with nested, opened inside it without deeper indentation.
func writeBlocks(b *strings.Builder, n int, nested bool, block func(i int, indent string)) {
	const indent = "\t"
	for i := range n {
		block(i, indent)
		if nested {
			fmt.Fprintf(b, "%sif state >= 0 {\n", indent)
		}
	}
	if nested {
		for range n {
			fmt.Fprintf(b, "%s}\n", indent)
		}
	}
}

// DerivingFunction returns a file of package p whose Reconcile method is
// one generated function of about 12 lines per block, in which the code
// cancels contexts itself: each block bounds an update with a timeout it
// cancels right after the call, under a name that hides ctx, then emits an
// event about the update that no check guards (a finding whose fix checks
// ctx and renames the timeout's context), and hands a cancel function on
// every fourth block. With nested, each block is opened inside the
// previous one.
func DerivingFunction(blocks int, nested bool) string {
	var b strings.Builder
	b.WriteString(`package p

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client  client.Client
	rec     record.EventRecorder
	obj     *corev1.ConfigMap
	cancels []context.CancelFunc
}

func (r *R) Reconcile(ctx context.Context, state int) error {
`)
	writeBlocks(&b, blocks, nested, func(i int, indent string) {
		fmt.Fprintf(&b, "%s{\n%s\tctx, cancel := context.WithTimeout(ctx, time.Second)\n", indent, indent)
		fmt.Fprintf(&b, "%s\terr := r.client.Update(ctx, r.obj)\n%s\tcancel()\n", indent, indent)
		if i%4 == 3 {
			fmt.Fprintf(&b, "%s\tr.cancels = append(r.cancels, cancel)\n", indent)
		}
		fmt.Fprintf(&b, "%s\tif err != nil {\n%s\t\tr.rec.Event(r.obj, corev1.EventTypeWarning, \"UpdateFailed%d\", err.Error())\n%s\t}\n%s}\n", indent, indent, i, indent, indent)
	})
	b.WriteString("\treturn nil\n}\n")
	return b.String()
}

// ValueFunction returns a file of package p whose Reconcile method is one
// generated function of about 10 lines per block, in which every context is
// made from the parameter without a cancel: each block adds a value to ctx
// under a name that hides it, emits an event about an update that no check
// guards (a finding whose fix checks that context, and so the parameter it
// comes from), and hands that context to done, which checks it before its
// event (so the parameter is checked where it is passed on). The code
// cancels nothing, so these are the questions answered from the holdings
// solved for them alone.
func ValueFunction(blocks int, nested bool) string {
	var b strings.Builder
	b.WriteString(header + `
type key struct{}

type R struct {
	client client.Client
	rec    record.EventRecorder
	obj    *corev1.ConfigMap
}

func (r *R) done(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Done", "done")
}

func (r *R) Reconcile(ctx context.Context, state int) error {
`)
	writeBlocks(&b, blocks, nested, func(i int, indent string) {
		fmt.Fprintf(&b, "%s{\n%s\tctx := context.WithValue(ctx, key{}, %d)\n", indent, indent, i)
		fmt.Fprintf(&b, "%s\tif err := r.client.Update(ctx, r.obj); err != nil {\n", indent)
		fmt.Fprintf(&b, "%s\t\tr.rec.Event(r.obj, corev1.EventTypeWarning, \"UpdateFailed%d\", err.Error())\n%s\t}\n", indent, i, indent)
		fmt.Fprintf(&b, "%s\tr.done(ctx)\n%s}\n", indent, indent)
	})
	b.WriteString("\treturn nil\n}\n")
	return b.String()
}
