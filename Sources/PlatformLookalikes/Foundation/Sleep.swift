import Foundation
import SimulationModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sleeps `seconds`: in simulated synchronous app code, on virtual time (its lane stays busy that long once
/// the code returns); elsewhere, really.
///
/// Shadows the C library's `sleep(_:)` in files that import the look-alikes.
/// In async app code bgsim cannot block, reports
/// `Rules.blockingCallNotSimulated` and returns at once: await
/// `Task.sleep(for:)` there instead.
@discardableResult
public func sleep(_ seconds: UInt32) -> UInt32 {
    guard let process = AppProcess.current else { return realSleep(seconds) }
    guard SimulatedCall.process(process, "sleep(_:)") != nil else { return 0 }
    BlockingCall.charge(.seconds(Int64(seconds)), asWork: false, in: process, call: "sleep(_:)")
    return 0
}

/// Sleeps `microseconds`: in simulated synchronous app code, on virtual time; elsewhere, really.
@discardableResult
public func usleep(_ microseconds: UInt32) -> Int32 {
    guard let process = AppProcess.current else { return realUsleep(microseconds) }
    guard SimulatedCall.process(process, "usleep(_:)") != nil else { return 0 }
    BlockingCall.charge(.microseconds(Int64(microseconds)), asWork: false, in: process, call: "usleep(_:)")
    return 0
}

extension Thread {
    /// Sleeps `ti` seconds: in simulated synchronous app code, on virtual time; elsewhere, really.
    public class func sleep(forTimeInterval ti: TimeInterval) {
        guard let process = AppProcess.current else {
            _ = realUsleep(UInt32(clamping: Int64((max(0, ti) * 1_000_000).rounded())))
            return
        }
        guard SimulatedCall.process(process, "Thread.sleep(forTimeInterval:)") != nil else { return }
        BlockingCall.charge(.nanoseconds(Int64((max(0, ti) * 1_000_000_000).rounded())), asWork: false, in: process, call: "Thread.sleep(forTimeInterval:)")
    }
}

private func realSleep(_ seconds: UInt32) -> UInt32 {
    #if canImport(Glibc)
    Glibc.sleep(seconds)
    #elseif canImport(Musl)
    Musl.sleep(seconds)
    #else
    Darwin.sleep(seconds)
    #endif
}

private func realUsleep(_ microseconds: UInt32) -> Int32 {
    #if canImport(Glibc)
    Glibc.usleep(microseconds)
    #elseif canImport(Musl)
    Musl.usleep(microseconds)
    #else
    Darwin.usleep(microseconds)
    #endif
}
