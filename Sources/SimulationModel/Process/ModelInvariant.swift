/// Stops the run when `holds` is false: an invariant of the model is broken, which is a bug in bgsim, never in the app.
///
/// The components of a process and the services check their invariants
/// with it (`checkInvariants()`, in the manner of swift-collections'
/// `_checkInvariants()`); the simulation runs those checks between events in
/// debug builds only, so the tests check them on every run and releases pay
/// nothing. `what` names the invariant and the values that broke it.
func modelInvariant(
    _ holds: @autoclosure () -> Bool, _ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    precondition(holds(), "model invariant broken: \(what())", file: file, line: line)
}
