extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        // Dividing (rather than multiplying by 1e-18) rounds once, so 883_179 ns reads as 0.000883179.
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
