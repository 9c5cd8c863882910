//! The pyo3 layer: `roborally._native`, the classes the Python package
//! builds on. Everything here converts and delegates to [`crate::table`]
//! and [`crate::batch`]; errors become Python exceptions carrying the
//! engine's message.

use crate::batch::{Arrays, Batch};
use crate::table::{load, make, AnyTable, Settings};
use crate::Error;
use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyReadwriteArray1, PyReadwriteArray2,
    PyReadwriteArray3, PyUntypedArrayMethods,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple};
use roborally::editions::NewGame;
use roborally::Edition;

create_exception!(
    _native,
    RoborallyError,
    PyValueError,
    "A call the engine or the binding refused; nothing was changed."
);
create_exception!(
    _native,
    SetupError,
    RoborallyError,
    "Settings the engine refused: an unknown edition, course, option or bot."
);
create_exception!(
    _native,
    IllegalAction,
    RoborallyError,
    "An action the game does not allow now, or outside the seat's menu."
);
create_exception!(
    _native,
    ShapeError,
    RoborallyError,
    "An array of the wrong shape, or a save that is not one."
);

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let m = e.to_string();
        match e {
            Error::Setup(_) => SetupError::new_err(m),
            Error::NoSeat(_) | Error::NotAsked(_) | Error::BadIndex { .. } | Error::Refused(_) => {
                IllegalAction::new_err(m)
            }
            Error::Json(_) | Error::Shape(_) => ShapeError::new_err(m),
        }
    }
}

/// Settings from the Python keywords.
#[allow(clippy::too_many_arguments)]
fn settings(
    edition: &str,
    players: u8,
    course: Option<String>,
    max_rounds: Option<u16>,
    priority: u8,
    options: Vec<String>,
    menu: usize,
    full_information: bool,
) -> Result<Settings, Error> {
    let edition: Edition = edition
        .parse()
        .map_err(|e: roborally::UnknownEdition| Error::Setup(e.to_string()))?;
    Ok(Settings {
        edition,
        game: NewGame {
            course,
            players,
            seed: 0,
            max_rounds,
            priority,
            options,
        },
        menu,
        full_information,
    })
}

/// The settings as the keyword arguments that make them again.
fn settings_args<'py>(py: Python<'py>, s: &Settings) -> PyResult<Bound<'py, PyTuple>> {
    (
        s.edition.name(),
        s.game.players,
        s.game.course.clone(),
        s.game.max_rounds,
        s.game.priority,
        s.game.options.clone(),
        s.menu,
        s.full_information,
    )
        .into_pyobject(py)
}

/// Every seat's observations and masks, as `Table.observe_all` gives them.
type SeatArrays<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<i8>>);

/// One game of any edition with its seats' menus: what every Python face
/// drives. Actions are menu entries (see `docs/python.md`).
#[pyclass(module = "roborally._native", name = "Table")]
pub struct PyTable {
    inner: Box<dyn AnyTable>,
}

#[pymethods]
impl PyTable {
    #[new]
    #[pyo3(signature = (edition, players=2, seed=0, course=None, max_rounds=None, priority=0, options=Vec::new(), menu=64, full_information=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        edition: &str,
        players: u8,
        seed: u64,
        course: Option<String>,
        max_rounds: Option<u16>,
        priority: u8,
        options: Vec<String>,
        menu: usize,
        full_information: bool,
    ) -> PyResult<Self> {
        let s = settings(
            edition,
            players,
            course,
            max_rounds,
            priority,
            options,
            menu,
            full_information,
        )?;
        Ok(PyTable {
            inner: make(s, seed)?,
        })
    }

    /// The edition's name.
    #[getter]
    fn edition(&self) -> &'static str {
        self.inner.settings().edition.name()
    }

    /// Seats.
    #[getter]
    fn seats(&self) -> usize {
        self.inner.seats()
    }

    /// Entries of a menu: the size of the action space.
    #[getter]
    fn menu_size(&self) -> usize {
        self.inner.settings().menu
    }

    /// Numbers in an observation.
    #[getter]
    fn obs_len(&self) -> usize {
        self.inner.layout().len()
    }

    /// `(planes, height, width, vector)`: the observation's layout.
    #[getter]
    fn layout(&self) -> (usize, usize, usize, usize) {
        let l = self.inner.layout();
        (l.planes, l.height, l.width, l.vector)
    }

    /// This episode's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// Observations show every seat's cards.
    #[getter]
    fn full_information(&self) -> bool {
        self.inner.settings().full_information
    }

    /// A new game with `seed`, same settings.
    fn reset(&mut self, seed: u64) -> PyResult<()> {
        Ok(self.inner.reset(seed)?)
    }

    /// Seats asked for something now.
    fn asked(&self) -> Vec<usize> {
        self.inner.asked()
    }

    /// Entries in `seat`'s menu (0: nothing to decide).
    fn menu_len(&self, seat: usize) -> usize {
        self.inner.menu_len(seat)
    }

    /// `seat`'s observation (a new float32 array).
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(seat)?;
        let mut out = vec![0.0; self.inner.layout().len()];
        self.inner.observe(seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// `seat`'s action mask (a new int8 array of `menu_size`).
    fn mask<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<i8>>> {
        self.check_seat(seat)?;
        let mut out = vec![0u8; self.inner.settings().menu];
        self.inner.mask(seat, &mut out);
        Ok(PyArray1::from_vec(
            py,
            out.into_iter().map(|x| x as i8).collect(),
        ))
    }

    /// Every seat's observation and mask in one call: `(obs, masks)`, new
    /// arrays of shapes `[seats, obs_len]` (float32) and `[seats,
    /// menu_size]` (int8); row `s` is what `observe(s)` and `mask(s)`
    /// give.
    fn observe_all<'py>(&self, py: Python<'py>) -> PyResult<SeatArrays<'py>> {
        self.seat_arrays(py)
    }

    /// One menu entry per seat (ignored for seats not asked); the answers
    /// applied.
    fn step(&mut self, actions: Vec<i64>) -> PyResult<usize> {
        self.check_actions(&actions)?;
        Ok(self.inner.step(&actions)?)
    }

    /// A Parallel environment's step in one call. `actions`: a dict from
    /// `names[seat]` to a menu entry (a missing seat answers 0; `wrap`
    /// takes an entry modulo the seat's menu). Returns PettingZoo's five
    /// dicts keyed by `names`: observations (`{"observation":
    /// float32[obs_len], "action_mask": int8[menu_size]}`, new arrays),
    /// rewards (each seat's return once the game is over, else 0),
    /// terminations (the game is over), truncations (never), infos
    /// (empty).
    fn parallel_step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyDict>,
        names: &Bound<'py, PyList>,
        wrap: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.inner.seats();
        if names.len() != n {
            return Err(Error::Shape(format!("{} names for {n} seats", names.len())).into());
        }
        let mut acts = Vec::with_capacity(n);
        for (seat, name) in names.iter().enumerate() {
            // As Python's `int(x)` (a numpy integer, a float entry).
            let mut a = match actions.get_item(&name)? {
                Some(x) => match x.extract::<i64>() {
                    Ok(a) => a,
                    Err(_) => py.get_type::<PyInt>().call1((x,))?.extract()?,
                },
                None => 0,
            };
            if wrap {
                a = a.rem_euclid(self.inner.menu_len(seat).max(1) as i64);
            }
            acts.push(a);
        }
        self.inner.step(&acts)?;
        let obs = self.observe_dict(py, names)?;
        let over = self.inner.is_over();
        let returns = if over { self.returns() } else { vec![0.0; n] };
        let (rewards, terminations, truncations, infos) = (
            PyDict::new(py),
            PyDict::new(py),
            PyDict::new(py),
            PyDict::new(py),
        );
        for (name, r) in names.iter().zip(returns) {
            rewards.set_item(&name, r)?;
            terminations.set_item(&name, over)?;
            truncations.set_item(&name, false)?;
            infos.set_item(&name, PyDict::new(py))?;
        }
        PyTuple::new(
            py,
            [
                obs.into_any(),
                rewards.into_any(),
                terminations.into_any(),
                truncations.into_any(),
                infos.into_any(),
            ],
        )
    }

    /// Every seat's observation and mask as a Parallel environment gives
    /// them: a dict from `names[seat]` to `{"observation", "action_mask"}`
    /// (new arrays).
    fn observe_dict<'py>(
        &self,
        py: Python<'py>,
        names: &Bound<'py, PyList>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (l, k) = (self.inner.layout().len(), self.inner.settings().menu);
        let out = PyDict::new(py);
        let (key_obs, key_mask) = (intern!(py, "observation"), intern!(py, "action_mask"));
        let mut mask = vec![0u8; k];
        for (seat, name) in names.iter().enumerate().take(self.inner.seats()) {
            let mut obs = vec![0.0; l];
            self.inner.observe(seat, &mut obs);
            self.inner.mask(seat, &mut mask);
            let one = PyDict::new(py);
            one.set_item(key_obs, PyArray1::from_vec(py, obs))?;
            one.set_item(
                key_mask,
                PyArray1::from_iter(py, mask.iter().map(|&x| x as i8)),
            )?;
            out.set_item(name, one)?;
        }
        Ok(out)
    }

    /// Applies entry `index` of `seat`'s menu.
    fn step_one(&mut self, seat: usize, index: usize) -> PyResult<()> {
        Ok(self.inner.step_one(seat, index)?)
    }

    /// Applies an action written as the edition's JSON.
    fn apply_json(&mut self, seat: usize, action: &str) -> PyResult<()> {
        Ok(self.inner.apply_json(seat, action)?)
    }

    /// Entry `index` of `seat`'s menu: `(json, text)`.
    fn entry(&self, seat: usize, index: usize) -> PyResult<(String, String)> {
        Ok(self.inner.entry(seat, index)?)
    }

    /// What the edition's bot `name` plays for `seat` now, as JSON.
    fn bot_action(&mut self, seat: usize, name: &str) -> PyResult<String> {
        Ok(self.inner.bot_action(seat, name)?)
    }

    /// The game is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The winners (empty while playing or when nobody won).
    fn winners(&self) -> Vec<usize> {
        self.inner.winners()
    }

    /// Each seat's return: +1 winner, -1 the others, 0 when nobody won.
    fn returns(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.inner.seats()];
        self.inner.returns(&mut out);
        out
    }

    /// What `seat` may see (`None`: a spectator), as the edition's JSON.
    #[pyo3(signature = (seat=None))]
    fn view_json(&self, seat: Option<usize>) -> PyResult<String> {
        Ok(self.inner.view_json(seat)?)
    }

    /// The game as text.
    fn text(&self) -> String {
        self.inner.text()
    }

    /// The whole state as JSON.
    fn save(&self) -> PyResult<String> {
        Ok(self.inner.save()?)
    }

    /// A table from `save()` and the same settings.
    #[staticmethod]
    #[pyo3(signature = (save, edition, players=2, course=None, max_rounds=None, priority=0, options=Vec::new(), menu=64, full_information=false))]
    #[allow(clippy::too_many_arguments)]
    fn load(
        save: &str,
        edition: &str,
        players: u8,
        course: Option<String>,
        max_rounds: Option<u16>,
        priority: u8,
        options: Vec<String>,
        menu: usize,
        full_information: bool,
    ) -> PyResult<Self> {
        let s = settings(
            edition,
            players,
            course,
            max_rounds,
            priority,
            options,
            menu,
            full_information,
        )?;
        Ok(PyTable {
            inner: load(s, save)?,
        })
    }

    /// A copy for search: the same game, menus and seeds.
    fn clone(&self) -> Self {
        PyTable {
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// Pickled through the JSON save.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let load = py.get_type::<PyTable>().getattr("load")?;
        let args = settings_args(py, this.inner.settings())?;
        let mut all: Vec<Bound<'py, PyAny>> =
            vec![this.inner.save()?.into_pyobject(py)?.into_any()];
        all.extend(args.iter());
        let args = PyTuple::new(py, all)?;
        (load, args).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        let s = self.inner.settings();
        format!(
            "Table(edition={:?}, players={}, seed={})",
            s.edition.name(),
            s.game.players,
            self.inner.seed()
        )
    }
}

impl PyTable {
    fn check_actions(&self, actions: &[i64]) -> Result<(), Error> {
        if actions.len() == self.inner.seats() {
            Ok(())
        } else {
            Err(Error::Shape(format!(
                "{} actions for {} seats",
                actions.len(),
                self.inner.seats()
            )))
        }
    }

    /// Every seat's observation and mask (see `observe_all`).
    fn seat_arrays<'py>(&self, py: Python<'py>) -> PyResult<SeatArrays<'py>> {
        let (n, l, k) = (
            self.inner.seats(),
            self.inner.layout().len(),
            self.inner.settings().menu,
        );
        let mut obs = vec![0.0; n * l];
        let mut masks = vec![0u8; n * k];
        for seat in 0..n {
            self.inner.observe(seat, &mut obs[seat * l..(seat + 1) * l]);
            self.inner.mask(seat, &mut masks[seat * k..(seat + 1) * k]);
        }
        let masks: Vec<i8> = masks.into_iter().map(|x| x as i8).collect();
        Ok((
            PyArray1::from_vec(py, obs).reshape([n, l])?,
            PyArray1::from_vec(py, masks).reshape([n, k])?,
        ))
    }

    fn check_seat(&self, seat: usize) -> Result<(), Error> {
        if seat < self.inner.seats() {
            Ok(())
        } else {
            Err(Error::NoSeat(seat))
        }
    }
}

fn shape_error(name: &str, got: &[usize], want: &[usize]) -> PyErr {
    Error::Shape(format!(
        "{name} has shape {got:?}; this batch needs {want:?}"
    ))
    .into()
}

fn contiguous<T>(name: &str, r: Result<T, numpy::AsSliceError>) -> PyResult<T> {
    r.map_err(|_| Error::Shape(format!("{name} must be a C-contiguous array")).into())
}

/// `n` games of one edition stepped in one call, the GIL released,
/// writing into numpy arrays the caller owns: `obs` float32 `[n, seats,
/// obs_len]`, `masks` uint8 `[n, seats, menu]`, `rewards` float32 `[n,
/// seats]`, `dones` uint8 `[n]`; `actions` int64 `[n, seats]`.
#[pyclass(module = "roborally._native", name = "Batch")]
pub struct PyBatch {
    inner: Batch,
}

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (edition, n, seed=0, players=2, course=None, max_rounds=None, priority=0, options=Vec::new(), menu=64, full_information=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        edition: &str,
        n: usize,
        seed: u64,
        players: u8,
        course: Option<String>,
        max_rounds: Option<u16>,
        priority: u8,
        options: Vec<String>,
        menu: usize,
        full_information: bool,
    ) -> PyResult<Self> {
        let s = settings(
            edition,
            players,
            course,
            max_rounds,
            priority,
            options,
            menu,
            full_information,
        )?;
        Ok(PyBatch {
            inner: Batch::new(&s, n, seed)?,
        })
    }

    /// Games.
    #[getter]
    fn n(&self) -> usize {
        self.inner.len()
    }

    /// Seats per game.
    #[getter]
    fn seats(&self) -> usize {
        self.inner.seats()
    }

    /// Numbers per observation.
    #[getter]
    fn obs_len(&self) -> usize {
        self.inner.obs_len()
    }

    /// Entries per menu.
    #[getter]
    fn menu_size(&self) -> usize {
        self.inner.menu()
    }

    /// Starts every game again (game `i` seeded `seed + i`) and writes the
    /// first observations and masks.
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        mut obs: PyReadwriteArray3<'_, f32>,
        mut masks: PyReadwriteArray3<'_, u8>,
    ) -> PyResult<()> {
        let (n, s) = (self.inner.len(), self.inner.seats());
        self.check3("obs", obs.shape(), [n, s, self.inner.obs_len()])?;
        self.check3("masks", masks.shape(), [n, s, self.inner.menu()])?;
        let obs = contiguous("obs", obs.as_slice_mut())?;
        let masks = contiguous("masks", masks.as_slice_mut())?;
        let inner = &mut self.inner;
        py.detach(|| inner.reset(seed, obs, masks))?;
        Ok(())
    }

    /// One step of every game; returns the agent decisions applied.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray2<'_, i64>,
        mut obs: PyReadwriteArray3<'_, f32>,
        mut masks: PyReadwriteArray3<'_, u8>,
        mut rewards: PyReadwriteArray2<'_, f32>,
        mut dones: PyReadwriteArray1<'_, u8>,
    ) -> PyResult<u64> {
        let (n, s) = (self.inner.len(), self.inner.seats());
        if actions.shape() != [n, s] {
            return Err(shape_error("actions", actions.shape(), &[n, s]));
        }
        self.check3("obs", obs.shape(), [n, s, self.inner.obs_len()])?;
        self.check3("masks", masks.shape(), [n, s, self.inner.menu()])?;
        if rewards.shape() != [n, s] {
            return Err(shape_error("rewards", rewards.shape(), &[n, s]));
        }
        if dones.shape() != [n] {
            return Err(shape_error("dones", dones.shape(), &[n]));
        }
        let arrays = Arrays {
            actions: contiguous("actions", actions.as_slice())?,
            obs: contiguous("obs", obs.as_slice_mut())?,
            masks: contiguous("masks", masks.as_slice_mut())?,
            rewards: contiguous("rewards", rewards.as_slice_mut())?,
            dones: contiguous("dones", dones.as_slice_mut())?,
        };
        let inner = &mut self.inner;
        Ok(py.detach(|| inner.step(arrays))?)
    }

    /// Game `i` as a `Table` (a copy), to look at or save.
    fn table(&self, i: usize) -> PyResult<PyTable> {
        let t = self.inner.tables().get(i).ok_or_else(|| {
            Error::Shape(format!("no game {i} in a batch of {}", self.inner.len()))
        })?;
        Ok(PyTable {
            inner: t.clone_box(),
        })
    }
}

impl PyBatch {
    fn check3(&self, name: &str, got: &[usize], want: [usize; 3]) -> PyResult<()> {
        if got == want {
            Ok(())
        } else {
            Err(shape_error(name, got, &want))
        }
    }
}

/// The playable editions' names.
#[pyfunction]
fn editions() -> Vec<&'static str> {
    Edition::playable().map(Edition::name).collect()
}

fn edition_of(name: &str) -> PyResult<Edition> {
    name.parse()
        .map_err(|e: roborally::UnknownEdition| Error::Setup(e.to_string()).into())
}

/// The names of an edition's bots, the default first.
#[pyfunction]
fn bots(edition: &str) -> PyResult<Vec<&'static str>> {
    Ok(edition_of(edition)?.bot_names().to_vec())
}

/// The built-in courses of an edition.
#[pyfunction]
fn courses(edition: &str) -> PyResult<Vec<&'static str>> {
    Ok(edition_of(edition)?.course_names())
}

/// The most seats of an edition.
#[pyfunction]
fn max_seats(edition: &str) -> PyResult<u8> {
    Ok(edition_of(edition)?.max_seats())
}

/// The module `roborally._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyTable>()?;
    m.add_class::<PyBatch>()?;
    m.add_function(wrap_pyfunction!(editions, m)?)?;
    m.add_function(wrap_pyfunction!(bots, m)?)?;
    m.add_function(wrap_pyfunction!(courses, m)?)?;
    m.add_function(wrap_pyfunction!(max_seats, m)?)?;
    m.add("RoborallyError", py.get_type::<RoborallyError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("ShapeError", py.get_type::<ShapeError>())?;
    Ok(())
}
