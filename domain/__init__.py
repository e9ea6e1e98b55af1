"""Pure game rules: no I/O, no clock, no global randomness.

`domain.kernel` holds what every game shares; each game kind lives in its own
package and is listed in `domain.registry`.
"""
