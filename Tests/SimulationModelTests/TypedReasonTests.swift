import SimulationKernel
import SimulationModel
import Testing

/// The enums that stand for words in the trace write the same words as the strings they replaced, and read them back.
@Suite struct TypedReasonTests {
    @Test(arguments: [
        (StateChangeCause.launch, "launch"), (.returnToApp, "returnToApp"), (.unlock, "unlock"),
        (.backgroundLaunch, "backgroundLaunch"), (.goHome, "goHome"), (.lock, "lock"), (.appSwitcher, "appSwitcher"),
        (.controlCenter, "controlCenter"), (.bgTask("com.example.refresh"), "bgTask com.example.refresh"), (.push(3), "push 3"),
        (.backgroundSession("com.example.podcasts"), "background session com.example.podcasts"),
    ])
    func causesAreTheirWords(cause: StateChangeCause, text: String) {
        #expect(cause.description == text)
        #expect(StateChangeCause(text) == cause)
    }

    @Test func wordsNoCauseWritesAreRefused() {
        for text in ["", "home", "push 03", "push -1", "push x", "Lock"] {
            #expect(StateChangeCause(text) == nil, "\(text)")
        }
    }

    @Test(arguments: [
        (PushReason.lostOnTheWay, "lost on the way (fault: the system does not guarantee delivery)"),
        (.lateOnTheWay(.minutes(15)), "late on the way by 15m00.000s (fault: APNs delivers low-priority pushes in bursts)"),
        (.lateOnTheWay(.max), "late on the way by never (fault: APNs delivers low-priority pushes in bursts)"),
        (.terminatedWhileHeld, "the app was terminated while the push was held"),
        (.appOpened, "the person opened the app"),
        (.priority10, "a background push with priority 10 is an error (pushPriority10Policy drop)"),
        (.noContentAvailable, "no content-available: the system does not wake the app in the background for it"),
        (.remoteNotificationModeMissing, "UIBackgroundModes lacks remote-notification"),
        (.closedInAppSwitcher, "the person closed the app in the app switcher; no background launch until they open it again"),
        (.backgroundAppRefresh(.restricted), "Background App Refresh is restricted"),
        (.lowPowerMode, "Low Power Mode is on"),
        (.replaced(byPush: 4), "replaced by push 4: the system holds only the newest"),
        (.rateLimited(lastHour: 3, limit: 3), "3 background pushes in the last hour; the limit is 3"),
    ])
    func pushReasonsAreTheirWords(reason: PushReason, text: String) {
        #expect(reason.description == text)
        #expect(PushReason(text) == reason)
    }

    @Test func aLateDelayReadsBackToTheMillisecond() {
        let reason = PushReason.lateOnTheWay(.nanoseconds(1_500_000_123))
        #expect(PushReason(reason.description) == .lateOnTheWay(.milliseconds(1_500)))
        #expect(PushReason("replaced by push 04: the system holds only the newest") == nil)
        #expect(PushReason("Background App Refresh is maybe") == nil)
    }

    @Test func transferReasonsAreTheirWordsAndAFailureIsItsError() {
        for reason in [TransferRecord.State.Reason.earliestBeginDate, .noNetwork, .discretionaryWaitsForWiFi, .discretionaryWaitsForPower,
                       .cancelledByApp, .cancelledByForceQuit] {
            #expect(TransferRecord.State.Reason(reason.description, phase: .waiting) == reason)
        }
        #expect(TransferRecord.State.Reason("no network", phase: .failed) == .error("no network"))
        #expect(TransferRecord.State.Reason("NSURLErrorTimedOut", phase: .waiting) == nil)
        for reason in TransferRecord.Session.Reason.allCases {
            #expect(TransferRecord.Session.Reason(reason.description) == reason)
        }
    }

    @Test func lanesAndModesKeepTheirNames() {
        #expect([CodeLane.main, .background, .queue("db")].map(\.name) == ["main", "background", "db"])
        #expect(CodeLane(name: "main") == .main && CodeLane(name: "background") == .background && CodeLane(name: "db") == .queue("db"))
        #expect(BackgroundMode.remoteNotification.rawValue == "remote-notification")
        #expect(BackgroundMode.known.contains("fetch"))
        #expect(!BackgroundMode.known.contains(BackgroundMode(rawValue: "newfangled")))
    }
}
