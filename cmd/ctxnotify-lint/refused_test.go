package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// refusedModule has the shape of Flux's kustomize-controller v1.10.1,
// whose internal/decryptor imports github.com/fluxcd/pkg/apis/crypto/v1
// at a version the module proxy refuses: a replace to a directory that is
// not there stands in for the refusal, and a stub of
// k8s.io/apimachinery/pkg/runtime for client-go's, so that the test needs
// no network.
//
// The shape that matters is how go list meets the refused package: first
// through main, internal/controller and internal/decryptor, three deep,
// so that its error names decryptor.go's import line; then again through
// decryptor's test file, two deep. go list then rewrites the error's
// import stack to the shorter chain, which ends with the refused package
// itself, and go/packages, taking that for a package whose own file is
// broken, gave it decryptor.go as its file (see dropBorrowedFiles in
// internal/driver). Type-checked there, decryptor.go made a line "could
// not import context (missing package: "context")" for each of its
// imports. A refused import alone, or one in a dependency that several
// packages import (fluxcd/pkg/auth in kustomize-controller), makes no
// such line; nor does the same module named ./internal/decryptor, where
// decryptor is the first package go list meets and no chain is shorter.
var refusedModule = map[string]string{
	"go.mod": `module example.com/kc

go 1.26

require (
	example.com/refused v0.1.0
	k8s.io/apimachinery v0.0.0
)

replace (
	example.com/refused => ./refused-not-downloaded
	k8s.io/apimachinery => ./stubs/apimachinery
)
`,
	"stubs/apimachinery/go.mod": "module k8s.io/apimachinery\n\ngo 1.26\n",
	"stubs/apimachinery/pkg/runtime/runtime.go": `package runtime

// Object is what client-go's event recorders take.
type Object interface{ DeepCopyObject() Object }
`,
	"main.go": `package main

import _ "example.com/kc/internal/controller"

func main() {}
`,
	"internal/controller/controller.go": `package controller

import "example.com/kc/internal/decryptor"

var Decrypt = decryptor.Decrypt
`,
	// The sink: the method of client-go's record.EventRecorder.
	"internal/record/record.go": `package record

import "k8s.io/apimachinery/pkg/runtime"

type EventRecorder interface {
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
}
`,
	"internal/decryptor/decryptor.go": `package decryptor

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"example.com/kc/internal/record"
	"example.com/refused/crypto"
	"k8s.io/apimachinery/pkg/runtime"
)

func Decrypt(ctx context.Context, rec record.EventRecorder, obj runtime.Object, spec crypto.Spec) {
	if err := decrypt(spec); err != nil {
		rec.Eventf(obj, "Warning", "DecryptionFailed", "%s", strings.TrimSpace(err.Error())) // finding
	}
}

func Guarded(ctx context.Context, rec record.EventRecorder, obj runtime.Object, spec crypto.Spec) {
	if err := decrypt(spec); err != nil && !errors.Is(ctx.Err(), context.Canceled) {
		rec.Eventf(obj, "Warning", "DecryptionFailed", "%s", err)
	}
}

func decrypt(spec crypto.Spec) error { return fmt.Errorf("no key for %v", spec) }
`,
	// kustomize-controller's transit_engine_test.go imports crypto/v1 too.
	"internal/decryptor/decryptor_test.go": `package decryptor

import (
	"testing"

	"example.com/refused/crypto"
)

func TestDecrypt(t *testing.T) { _ = crypto.Spec{} }
`,
}

// TestRefusedImportKeepsStandardLibrary checks that a package with an
// import that cannot be loaded is type-checked against every other
// import, the standard library's included, and that the command says the
// same of it, and reports the same events, whether it is named alone or
// reached by ./..., with and without -deps.
func TestRefusedImportKeepsStandardLibrary(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.WriteModule(t, refusedModule)
	want := testkit.MarkedLines(testkit.Markers(t, dir))
	const note = "example.com/kc/internal/decryptor has errors: analysed as far as its types go"
	// Under -deps, the copy of decryptor.go in the refused package was
	// analysed too, and with the sink configured its failure ("names
	// nothing") took decryptor's finding with it.
	sink := "-ctxnotify.sinks=example.com/kc/internal/record.EventRecorder.Eventf"
	for _, mode := range [][]string{nil, {"-deps"}, {"-deps", sink}} {
		var alone []string // what the run on decryptor alone says of it
		for _, pattern := range []string{"./internal/decryptor", "./..."} {
			args := append(slices.Clone(mode), pattern)
			r := testkit.Run(t, dir, bin, args...)
			found, _ := testkit.ParseFindings(t, dir, r.Stderr)
			var findings, lines []string
			for _, f := range found {
				if strings.Contains(f.Message, "emitted by") {
					findings = append(findings, f.At())
				}
				if strings.HasPrefix(f.File, "internal/decryptor/") {
					lines = append(lines, f.String())
				}
				if strings.Contains(f.Message, "could not import") && !strings.Contains(f.Message, "example.com/refused/") {
					t.Errorf("%s: an import that loaded is unknown: %v", strings.Join(args, " "), f)
				}
			}
			if r.Code != 1 || !slices.Equal(findings, want) || !strings.Contains(r.Stderr, note) {
				t.Errorf("%s: exit code %d, findings at %v; want 1, %v and %q; stderr:\n%s", strings.Join(args, " "), r.Code, findings, want, note, r.Stderr)
			}
			if alone == nil {
				alone = lines
			} else if !slices.Equal(lines, alone) {
				t.Errorf("%s says of internal/decryptor:\n%s\nwant what it says of it named alone:\n%s", strings.Join(args, " "), strings.Join(lines, "\n"), strings.Join(alone, "\n"))
			}
		}
	}
}
