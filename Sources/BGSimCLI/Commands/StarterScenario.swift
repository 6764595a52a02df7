/// The scenario `bgsim init` writes: small, complete, correct, and commented through `note`s.
enum StarterScenario {
    /// The file's text for a scenario called `name` (already a plain name: no quotes or backslashes).
    static func text(name: String) -> String {
        """
        {
          "format": 1,
          "name": "\(name)",
          "description": "A starter scenario: an app that saves its work when the person leaves it, protected by a background task, and refreshes in the background with BGAppRefreshTask. Edit the actions to match your app's code, and the timeline to match how people use it.",
          "seed": 1,
          "stopAt": "7d",
          "app": {
            "bundleIdentifier": "com.example.app",
            "infoPlist": {
              "UIBackgroundModes": ["fetch"],
              "BGTaskSchedulerPermittedIdentifiers": ["com.example.app.refresh"]
            },
            "handlers": {
              "didFinishLaunching": "registerTasks",
              "didEnterBackground": "saveAndSchedule"
            },
            "actions": {
              "registerTasks": [
                { "step": "register", "identifier": "com.example.app.refresh", "launchHandler": "refresh",
                  "note": "Register every task before launch finishes." }
              ],
              "saveAndSchedule": [
                { "step": "beginBackgroundTask", "id": "save", "name": "Save", "onExpiration": "endTask",
                  "note": "Protect the save; the expiration handler ends this very task." },
                { "step": "save", "checkpoint": "work", "duration": "1s" },
                { "step": "endBackgroundTask", "id": "save" },
                { "step": "submit", "identifier": "com.example.app.refresh", "type": "appRefresh", "earliestBegin": "1h" }
              ],
              "refresh": [
                { "step": "setTaskExpirationHandler", "onExpiration": "completeFailure" },
                { "step": "wait", "duration": "3s", "note": "Fetch new content." },
                { "step": "setTaskCompleted", "success": true }
              ]
            }
          },
          "timeline": [
            { "at": "8h", "action": "launch", "note": "The person opens the app in the morning..." },
            { "at": "8h10m", "action": "goHome", "note": "...and leaves it." },
            { "repeat": { "every": "12h", "count": 13, "note": "Then every evening and morning for the rest of the week.",
              "entries": [
                { "at": "20h", "action": "returnToApp" },
                { "at": "20h5m", "action": "goHome" }
              ] } }
          ],
          "expect": {
            "diagnostics": [],
            "saved": ["work"]
          }
        }

        """
    }
}
