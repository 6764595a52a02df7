import SimulationKernel
@testable import SimulationModel
import Testing

/// Each feature registers its actions, callbacks, rules and parameters with one line per central list: the lists
/// come out whole, in the order scenario files, traces and `bgsim rules` have always had.
@Suite struct FeatureRegistrationTests {
    @Test func actionNamesKeepTheirOrderAndReadBack() {
        #expect(UserAction.names == [
            "launch", "backgroundLaunch", "goHome", "returnToApp", "lock", "unlock", "swipeAway", "memoryPressure",
            "openControlCenter", "closeControlCenter", "tap", "conditions", "simulateLaunch", "simulateExpiration", "expireTask",
            "cancelLiveActivity", "answerPrompt", "resourcePressure", "updateApp", "push", "dropPush", "delayPush",
        ])
        for name in UserAction.Name.allCases {
            #expect(UserAction.Name(rawValue: name.rawValue) == name)
        }
        #expect(UserAction.Name(rawValue: "exit") == nil)
    }

    @Test func eachActionIsItsFeaturesCase() {
        #expect(UserAction.launch == .person(.launch))
        #expect(UserAction.tap(action: "save").name == .person(.tap))
        #expect(UserAction.expireTask(identifier: "r").name == .task(.expireTask))
        #expect(UserAction.resourcePressure.name == .continued(.resourcePressure))
        #expect(UserAction.updateApp(build: "2").name.rawValue == "updateApp")
        #expect(UserAction.delayPush(by: .seconds(1)).name == .push(.delayPush))
    }

    @Test func callbacksKeepTheirTraceNames() {
        #expect(AppCallback.lifecycle(.didEnterBackground).name == "didEnterBackground")
        #expect(AppCallback.lifecycle(.didEnterBackground).inSceneApp == .lifecycle(.sceneDidEnterBackground))
        #expect(AppCallback.userAction("save").name == "userAction:save")
        #expect(AppCallback.push(.didReceiveRemoteNotification(push: 1)).name == "didReceiveRemoteNotification")
        #expect(AppCallback.transfer(.didFinishDownloading(session: "s", transfer: 1)).name == "didFinishDownloadingTo")
        #expect(AppCallback.transfer(.didFinishDownloading(session: "s", transfer: 1)).inSceneApp
            == .transfer(.didFinishDownloading(session: "s", transfer: 1)))
    }

    @Test func everyRuleIsRegisteredOnceInIdentifierOrder() {
        #expect(Rules.all.map(\.id) == (1...51).map { String(format: "BGS%03d", $0) })
        #expect(Set(Rules.all.map(\.name)).count == Rules.all.count)
        #expect(Rules.rule(withID: "BGS040") == Rules.pushThrottled)
    }

    @Test func everyParameterIsRegisteredOnceWithItsDefault() {
        let keys = PlatformProfile.Key.allCases
        #expect(keys.count == 31)
        #expect(Set(keys).count == keys.count)
        #expect(keys == PlatformProfile.parameters.map(\.key))
        for key in keys {
            #expect(PlatformProfile.Key(rawValue: key.rawValue) == key)
            #expect(PlatformProfile(.iOS26)[key] == PlatformProfile.info(key).defaultValue(in: .iOS26))
        }
        #expect(PlatformProfile.Key(rawValue: "backgroundTimeBudgets") == nil)
        #expect(PlatformProfile(.iOS17).registrationAfterLaunch == .raises)
        #expect(PlatformProfile(.iOS26).registrationAfterLaunch == .accepted)
        #expect(PlatformProfile(.iOS26).backgroundTimeBudget == .seconds(30))
    }
}
