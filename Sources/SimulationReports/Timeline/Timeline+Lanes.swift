extension Timeline {
    /// Every lane of the run, grouped and in drawing order.
    var lanes: [Lane] {
        var lanes = processLanes
        lanes.append(contentsOf: assertionLanes)
        lanes.append(contentsOf: taskRequests)
        lanes.append(contentsOf: liveActivities)
        lanes.append(contentsOf: pushes)
        lanes.append(contentsOf: transfers)
        lanes.append(contentsOf: device)
        return lanes
    }
}
