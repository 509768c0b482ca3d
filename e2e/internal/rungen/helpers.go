package rungen

// helpers writes the helpers the program called for, then the type's
// last method, whose receiver is unnamed, blank or named.
func (g *gen) helpers() {
	if g.has("warn") {
		g.line("// warn emits a Warning event; it has no context.\nfunc (r *Reconciler) warn(reason string) {\nr.Recorder.Event(r.obj, %s, reason, %q)\n}\n", warning, "warning")
	}
	if g.has("fail") {
		g.line("// fail logs the failure, then warns.\nfunc (r *Reconciler) fail(reason string) {\nlogf.Log.Info(\"reconciliation failed\", \"reason\", reason)\nr.warn(reason)\n}\n")
	}
	if g.has("abort") {
		g.line("// abort logs, then fails.\nfunc (r *Reconciler) abort(reason string) {\nlogf.Log.Info(\"reconciliation aborted\", \"reason\", reason)\nr.fail(reason)\n}\n")
	}
	if g.has("notify") {
		g.line("// notify emits an event of the type its caller passes.\nfunc (r *Reconciler) notify(eventType, reason string) {\nr.Recorder.Eventf(r.obj, eventType, reason, \"%%s\", %q)\n}\n", "notification")
	}
	if g.has("emit") {
		g.line("// emit emits through the recorder it is handed.\nfunc emit(rec record.EventRecorder, obj runtime.Object, eventType, reason string) {\nrec.Event(obj, eventType, reason, %q)\n}\n", "emitted")
	}
	if g.has("detached") {
		g.line("// detached logs and emits with its context cut loose from cancellation:\n// it has no usable context, so its calls take the check.\nfunc (r *Reconciler) detached(ctx context.Context, eventType, reason string) {\nctx = context.WithoutCancel(ctx)\nlogf.FromContext(ctx).Info(\"notifying\", \"reason\", reason)\nr.Recorder.Event(r.obj, eventType, reason, %q)\n}\n", "detached")
	}
	if g.has("finally") {
		g.line("// finally runs f before it returns.\nfunc (r *Reconciler) finally(f func()) {\nf()\n}\n")
	}
	if g.has("shuttingDown") {
		g.line("// shuttingDown is a guard function.\nfunc shuttingDown(ctx context.Context) bool {\nreturn errors.Is(ctx.Err(), context.Canceled)\n}\n")
	}
	if g.has("flush") {
		g.line("// Flush runs the stored functions: the runner calls it after Reconcile has\n// returned.\nfunc (r *Reconciler) Flush() {\nfor _, f := range r.pending {\nf()\n}\nr.pending = nil\n}\n")
	}
	switch g.receiver {
	case 0:
		g.line("// Name has an unnamed receiver.\nfunc (*Reconciler) Name() string {\nreturn \"reconciler\"\n}")
		if g.directEvents >= 3 {
			g.shape(GuardedMethodUnnamed)
		}
	case 1:
		g.line("// Kind has a blank receiver.\nfunc (_ *Reconciler) Kind() string {\nreturn \"Reconciler\"\n}")
		if g.directEvents >= 3 {
			g.shape(GuardedMethodBlank)
		}
	case 2:
		g.line("// Name has a named receiver.\nfunc (r *Reconciler) Name() string {\nreturn \"reconciler\"\n}")
	}
}
