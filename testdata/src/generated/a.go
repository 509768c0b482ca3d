package generated // want package:"reachesSinks"

// The other file of the package is generated.
