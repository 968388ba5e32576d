package jupyter

// GlobRegexp is globRegexp, for the external tests.
var GlobRegexp = globRegexp
