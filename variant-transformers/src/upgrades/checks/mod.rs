//! One test per upgrade of its effect and timing (scenario positions).
