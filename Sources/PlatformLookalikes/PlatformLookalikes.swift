// Like UIKit, the look-alikes bring Foundation with them: a file written for iOS that imports UIKit and
// BackgroundTasks uses Date, Progress and the rest without importing Foundation itself. A file that imports only
// PlatformLookalikes also gets the look-alikes' Date(), sleep and Task.sleep on virtual time without ambiguity.
@_exported import Foundation
