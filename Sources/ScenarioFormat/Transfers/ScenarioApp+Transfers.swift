import SimulationKernel
import PlatformLookalikes
import SimulationModel

/// Background `URLSession`: the session's events, and the steps that create sessions, download and move files.
extension ScenarioApp: SessionEventReceiver {
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @Sendable () -> Void
    ) async {
        eventsCompletions[identifier] = completionHandler
        await run(.handleEventsForBackgroundURLSession, application)
    }

    func sessionEvent(_ application: UIApplication, _ callback: TransferCallback) async {
        var context = Context(lane: .main)
        let handler: AppDefinition.Callback
        switch callback {
        case .didFinishDownloading(_, let transfer):
            handler = .didFinishDownloadingTo
            context.downloadedTransfer = transfer
        case .didCompleteWithError(_, _, _, let reason):
            handler = .didCompleteWithError
            context.cancelledReason = reason
        case .urlSessionDidFinishEvents: handler = .urlSessionDidFinishEvents
        case .handleEventsForBackgroundURLSession: return
        }
        await run(handler, application, context: context)
    }

    func perform(_ step: TransferStep, in application: UIApplication, context: Context) {
        let process = application.process
        let transfers = process.system.service(BackgroundTransfers.self)
        switch step {
        case .createSession(let configuration):
            transfers.createSession(configuration, in: process)
        case .downloadTask(let session, let bytes, let earliestBegin, let error):
            let request = TransferRequest(session: session, bytes: bytes, earliestBegin: earliestBegin.map { process.kernel.now + $0 }, error: error)
            if transfers.startDownload(request, in: process) == nil {
                ignored("downloadTask", because: "this process created no background session \(session)", in: process)
            }
        case .moveDownloadedFile(let checkpoint):
            guard let transfer = context.downloadedTransfer else {
                return ignored("moveDownloadedFile", because: "not in didFinishDownloadingTo (the file is gone once it returns)", in: process)
            }
            guard transfers.moveFile(of: transfer) else {
                // FileManager.moveItem throws: there is no file at location any more.
                return ignored("moveDownloadedFile", because: "the file of transfer \(transfer) was deleted when didFinishDownloadingTo returned", in: process)
            }
            application.saveState(checkpoint: checkpoint)
        case .callBackgroundEventsCompletion(let session):
            guard let completion = eventsCompletions.removeValue(forKey: session) else {
                return ignored("callBackgroundEventsCompletion", because: "no stored completion handler for \(session)", in: process)
            }
            completion()
        }
    }
}
