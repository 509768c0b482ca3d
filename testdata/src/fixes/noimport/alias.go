package noimport // want package:"reachesSinks"

import "context"

type contextAlias = context.Context
