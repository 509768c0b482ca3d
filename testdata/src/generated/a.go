package generated // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\]\)`

// The other file of the package is generated.
