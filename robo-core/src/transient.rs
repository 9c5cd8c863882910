//! [`Transient`]: a part of a game value that is not part of the game.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// What a game keeps beside its state (reused buffers, facts noted for the
/// rest of a step, caches): a clone starts with a fresh default, two values
/// always compare equal and hash alike, and it is never saved.
///
/// It has no `Serialize` impl on purpose: a struct that derives
/// `Serialize` must mark the field `#[serde(skip)]` (which builds it with
/// [`Default`] when read back), or it does not compile.
///
/// ```
/// use robo_core::Transient;
/// #[derive(Clone, PartialEq, Debug, Default, serde::Serialize, serde::Deserialize)]
/// struct Game {
///     score: u32,
///     #[serde(skip)]
///     buffer: Transient<Vec<u32>>,
/// }
/// let mut g = Game::default();
/// g.buffer.push(7); // used like the value inside
/// let copy = g.clone();
/// assert!(copy.buffer.is_empty()); // a clone starts afresh
/// assert_eq!(copy, g); // and the buffer plays no part in equality
/// assert_eq!(serde_json::to_string(&g).unwrap(), r#"{"score":0}"#);
/// ```
#[derive(Default)]
pub struct Transient<T>(pub T);

impl<T: Default> Clone for Transient<T> {
    fn clone(&self) -> Self {
        Transient(T::default())
    }
}

impl<T> PartialEq for Transient<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Transient<T> {}

impl<T> std::hash::Hash for Transient<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl<T> fmt::Debug for Transient<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Transient")
    }
}

impl<T> Deref for Transient<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Transient<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Transient;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    #[test]
    fn clones_start_afresh_and_all_values_are_alike() {
        let a = Transient(vec![1, 2, 3]);
        assert_eq!(a.clone().0, Vec::<i32>::new());
        let b = Transient(vec![9]);
        assert_eq!(a, b);
        let hash = |t: &Transient<Vec<i32>>| {
            let mut h = DefaultHasher::new();
            t.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&a), hash(&b));
        assert_eq!(format!("{a:?}"), "Transient");
        assert_eq!(a.len(), 3, "derefs to the value");
    }
}
