import Lamina

extension Color {
    /// Linear interpolation of straight components toward `other` (`amount` 0 = self, 1 = other).
    func mixed(with other: Color, amount: Double) -> Color {
        let t = max(0, min(1, amount))
        return Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                     blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The same color with its RGB scaled by `factor` (clamped to 0…1), alpha kept.
    func brightened(by factor: Double) -> Color {
        Color(red: max(0, min(1, red * factor)), green: max(0, min(1, green * factor)),
              blue: max(0, min(1, blue * factor)), alpha: alpha)
    }
}
