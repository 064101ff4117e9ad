extension PixelRect {
    /// The pixels of this rectangle outside every rectangle of `holes`, as
    /// disjoint rectangles (none when the holes cover it).
    public func subtracting(_ holes: [PixelRect]) -> [PixelRect] {
        MaskPlan.region(of: self, minus: holes)
    }
}
