extension Duration {
    /// The duration in milliseconds, as logged and reported by the service.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
