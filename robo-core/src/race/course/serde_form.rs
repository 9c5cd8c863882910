//! A course as saved: by default its [`CourseParts`], read back through
//! [`Course::new`]. Editions with an older save form write their own
//! ([`CourseExtras::serialize_course`]).

use super::{Course, CourseExtras, CourseParts, CourseTile};
use crate::board::{Board, BoardId};
use crate::geom::{Dir, Pos};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// [`CourseParts`] borrowed from a course, for writing.
#[derive(Serialize)]
struct PartsRef<'a, T, X> {
    name: &'a str,
    board: &'a Board<T>,
    board_names: &'a [String],
    docking_bay: BoardId,
    checkpoints: &'a [Pos],
    start_facing: Dir,
    #[serde(flatten)]
    extras: &'a X,
}

pub(super) fn serialize_parts<T: Serialize, X: Serialize, S: Serializer>(
    course: &Course<T, X>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    PartsRef {
        name: course.name(),
        board: course.board(),
        board_names: course.board_names(),
        docking_bay: course.docking_bay(),
        checkpoints: course.checkpoints(),
        start_facing: course.start_facing(),
        extras: course.extras(),
    }
    .serialize(serializer)
}

pub(super) fn deserialize_parts<'de, T, X, D>(deserializer: D) -> Result<Course<T, X>, D::Error>
where
    T: Deserialize<'de> + CourseTile,
    X: Deserialize<'de> + CourseExtras<T>,
    D: Deserializer<'de>,
{
    let parts = CourseParts::<T, X>::deserialize(deserializer)?;
    Course::new(parts).map_err(serde::de::Error::custom)
}

impl<T: Serialize, X: CourseExtras<T> + Serialize> Serialize for Course<T, X> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        X::serialize_course(self, serializer)
    }
}

impl<'de, T, X> Deserialize<'de> for Course<T, X>
where
    T: Deserialize<'de> + CourseTile,
    X: Deserialize<'de> + CourseExtras<T>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        X::deserialize_course(deserializer)
    }
}
