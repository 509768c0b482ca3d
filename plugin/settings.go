package plugin

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/golangci/plugin-module-register/register"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// decodeSettings decodes the raw settings into the analyzer's Config, by
// its json keys, as kube-api-linter decodes its own: strictly, so that an
// unknown key or a value of the wrong type is an error that names the
// setting and its form.
func decodeSettings(raw any) (analyzer.Config, error) {
	s, err := register.DecodeSettings[analyzer.Config](raw)
	if err == nil {
		return s, nil
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field == "":
		return analyzer.Config{}, fmt.Errorf("ctxnotify: settings: got %s, want a mapping with the keys %s", article(typeErr.Value), settingNames())
	case errors.As(err, &typeErr):
		name, _, _ := strings.Cut(typeErr.Field, ".")
		form, list := formOf(name)
		got := "got " + article(typeErr.Value)
		if list && typeErr.Type.Kind() == reflect.String {
			got = "an entry is " + article(typeErr.Value)
		}
		return analyzer.Config{}, fmt.Errorf("ctxnotify: %s: %s, want %s", name, got, form)
	}
	if _, key, ok := strings.Cut(err.Error(), "unknown field "); ok {
		return analyzer.Config{}, fmt.Errorf("ctxnotify: unknown setting %s; the settings are %s", key, settingNames())
	}
	return analyzer.Config{}, fmt.Errorf("ctxnotify: settings: %v", err)
}

// formOf returns the form a setting accepts, as a YAML value, and whether
// it is a list.
func formOf(name string) (form string, list bool) {
	for _, s := range analyzer.Settings {
		if s.Name == name {
			if s.List {
				return "a list of " + s.Form, true
			}
			return s.Form, false
		}
	}
	return "one of " + settingNames(), false
}

func settingNames() string {
	names := make([]string, len(analyzer.Settings))
	for i, s := range analyzer.Settings {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// article turns a JSON kind ("string", "array", "object") into the YAML
// words a user sees ("a string", "a list", "a mapping").
func article(jsonKind string) string {
	switch jsonKind {
	case "array":
		return "a list"
	case "object":
		return "a mapping"
	case "number":
		return "a number"
	case "bool":
		return "a boolean"
	}
	return "a " + jsonKind
}
