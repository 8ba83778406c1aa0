"""evalbook: evaluating machine-learning models, and teaching how.

A library of topic packages, gathered here in one flat namespace (``evalbook.roc_auc``):

- :mod:`evalbook.metrics`: metrics by task (a confusion matrix's, scores', probabilities',
  regression values', texts'), the :class:`Curve` type and caret's :func:`summary`;
- :mod:`evalbook.model_selection`: holdout, k-fold, bootstrap, :func:`cross_validate`,
  the bias-variance decomposition;
- :mod:`evalbook.inference`: intervals, comparisons of models and algorithms, paired
  tests, several tests at once;
- :mod:`evalbook.displays`: the figures (Displays);
- :mod:`evalbook.widgets`: the interactive explorers (imported on demand);
- :mod:`evalbook.exercises`: the exercise engine (item kinds, checker, progress store,
  class report, the lecturer's command line); a course registers its sets with it.

**Argument names.** One name for one idea, scikit-learn's where it has one, so a student's
habits carry over; ``tests/lib/test_naming.py`` fails on a public argument missing here.

*Data.*

``y_true``
    the target: the actual class labels, or the actual values of a regression
``y_pred``
    predicted labels, or predicted values of a regression (scikit-learn's
    ``mean_squared_error(y_true, y_pred)``); a table of many models' predictions in
    :func:`bias_variance_decomposition`
``y_pred_a``, ``y_pred_b``
    the predicted labels of two models, compared on the same instances
``y_score``
    a classifier's scores, higher meaning more positive (probabilities, decision values); a
    table of shape (n, k), one column per class, for multiclass metrics. Never regression
    values: those are ``y_pred``
``y_score_a``, ``y_score_b``
    the scores of two models, compared on the same instances
``y_proba``
    predicted probabilities in [0, 1]: of the positive class, or a table with one column per
    class whose rows sum to 1
``cm``
    a :class:`ConfusionMatrix`, or anything its constructor takes (k×k counts, rows the
    target, columns the prediction)
``counts``
    the k×k table of counts of a :class:`ConfusionMatrix`
``tp``, ``fn``, ``fp``, ``tn``
    the four cells of a 2×2 confusion matrix
``labels``
    the classes and their order (positive first, for two classes)
``label``
    one class label
``positive``
    the positive class, one label; the rule below says what happens without it
``negative``
    the label given to the instances that are not positive
``profit_matrix``
    a table laid out as the confusion matrix: what each cell earns
``X``, ``y``
    a data set's features and target, as scikit-learn's ``fit(X, y)``; in :func:`auc`, ``x``
    and ``y`` are a curve's coordinates
``x``
    a curve's x coordinates (:func:`auc`), a score (:meth:`ScoredData.cdf`)
``estimator``
    a fitted scikit-learn classifier, which the Displays' ``from_estimator`` asks for scores
    or predictions
``response_method``
    which of the estimator's methods gives the scores: ``"predict_proba"``,
    ``"decision_function"`` or ``"auto"`` (the first it has), as scikit-learn's Displays
``X_train``, ``y_train``
    the training set
``X_test``
    the test set's features
``y_or_n``
    class labels (to stratify by) or the number of instances
``groups``
    the group of each instance: a group never straddles two sides of a split
``n``
    the number of instances (of a data set, a test set, a sample)
``p``
    a proportion, an accuracy: observed (an interval) or true (a simulation)
``p1``, ``n1``, ``p2``, ``n2``
    two models' accuracies and the sizes of their test sets
``class_counts``
    the number of instances of each class
``fold_scores_a``, ``fold_scores_b``
    two algorithms' scores (accuracy, …) on the 5×2 test folds
``differences``
    two algorithms' score differences, one per split
``score_table``
    the scores of k algorithms on N data sets, one row per data set
``p_values``
    the p-values of several tests
``test_error``, ``train_error``
    a model's error rate on the test and on the training instances
``no_information_error``
    the error rate of a model that ignores the features (γ of .632+)
``candidate``, ``candidates``
    BLEU: the sentence (or sentences) to score
``references``
    BLEU: the reference translations

*Resampling and simulation.*

``n_resamples``
    the number of resamples drawn (bootstrap samples of the instances, as scipy's
    ``bootstrap(n_resamples=)``)
``n_repeats``
    how many times a whole split scheme is repeated with new random splits (repeated k-fold,
    repeated holdout: scikit-learn's ``RepeatedKFold(n_repeats=)``)
``n_trials``
    the number of simulated experiments: test sets or training sets drawn afresh from a
    known source
``k``
    the k of the method's name: the folds of k-fold, the classes of top-k accuracy, the
    paired results of a k-fold comparison, the models tried on one test set
``seed``
    the random generator's seed: None, a whole number or a ``numpy.random.Generator``
``test_size``
    the test set's share of the instances
``fraction``, ``fractions``
    a share of the instances; the shares of training, validation and test
``validation_size``
    the validation set's share of the instances
``stratify``
    keep each class's share in every part of a split
``shuffle``
    shuffle the instances before cutting folds
``gap``
    instances left out between training and test, in time order
``splits``
    an iterable of (training, test) index pairs
``model``
    a scikit-learn estimator (``fit``/``predict``), or an explorer's model
``models``
    several models
``metric``
    a metric: a function, or the name of a binary metric
``return_train_score``
    also score on the training instances (scikit-learn's name)
``progress``, ``description``
    show a progress bar, and its text
``sample``
    a function that draws a fresh training set
``loss``
    the loss decomposed (squared, 0-1)
``definition``
    whose definition of bias and variance (Domingos, Kohavi & Wolpert)

*Inference.*

``confidence``
    the confidence level of an interval, in (0, 1)
``grid``
    the points at which a curve's band is computed: specificities (a ROC band, as pROC's
    ``ci.se(specificities=)``) or recalls (a precision-recall band)
``method``
    how an interval, an adjustment or a p-value is computed
``alpha``
    the significance level of a test
``z``, ``t``
    a critical value of the normal or Student's t, given by hand (from a printed table)
    instead of computed
``df``
    degrees of freedom
``source``
    where a critical value comes from (exact, or a printed table)
``mean``, ``se``
    a mean difference and its standard error, given instead of the data
``corrected``, ``test_train_ratio``
    Nadeau & Bengio's correction, and its test/training ratio
``exact``, ``correction``
    McNemar: the exact binomial test; the continuity correction
``nemenyi``
    also compute Nemenyi's critical difference
``tie_correction``
    Friedman: divide χ²_F by the tie correction (as scipy), or not (Demšar's printed formula)

*Designing a test set.*

``width``
    the target width of an interval (upper − lower bound)
``power``
    the target power of a test: the chance it detects a true difference, in (0, 1)
``alternative``
    a test's alternative hypothesis: ``"two-sided"`` or ``"one-sided"``
``difference``
    McNemar: the true difference of two models' accuracies (B's − A's)
``discordant``
    McNemar: the true share of test instances on which exactly one of two models is right
``auc``
    a model's true ROC AUC
``auc_a``, ``auc_b``
    two models' true ROC AUCs, compared on the same test set
``null_auc``
    the AUC a test compares a model's with (0.5: chance)
``n_positive``, ``n_negative``
    the numbers of positive and negative test instances
``correlation``
    the correlation of two models' scores within each class
``variance``
    whose variance of the AUC a power calculation uses (Obuchowski, Hanley & McNeil)

*Options of a metric.*

``zero_division``
    the value of a metric whose denominator is 0 (``"warn"``: nan and an
    :class:`UndefinedMetricWarning`)
``beta``
    F-beta's weight of recall
``prevalence``
    the positive class's share in the population the model will meet
``average``
    how per-class values are averaged (arithmetic, harmonic)
``bins``, ``strategy``
    the number of bins, and how their edges are placed
``threshold``
    a score from which an instance is predicted positive (score ≥ threshold); for a
    decision, the threshold probability p_t from which an instance is treated
``thresholds``
    the threshold probabilities of a decision curve, increasing, each in (0, 1)
``standardized``
    divide a net benefit by the prevalence (the standardised net benefit)
``likelihood_ratio``
    a test's LR+ or LR−, which moves a pre-test probability to a post-test one
``halved``
    include the ½ of Kelleher et al.'s sums of squares
``variant``
    which of the published formulas of a metric
``n_features``
    the number of predictors of a regression model
``seasonal_period``
    the length of a season, whose naive forecast scales :func:`mase`
``order``, ``max_order``
    BLEU: an n-gram order; the largest order
``weights``
    BLEU: the weight of each order; kappa: how a disagreement is weighed by its distance
``smoothing``
    BLEU: how zero counts are smoothed

*Tables, figures and explorers.*

``kind``
    a :class:`Curve`'s kind; what a :class:`PredictionErrorDisplay` draws
``columns``
    a :class:`Curve`'s named arrays
``orientation``, ``margins``
    a matrix's layout (matrix, sklearn, caret); add the totals
``normalize``
    a matrix's fractions of its target totals, its prediction totals or of n, as scikit-learn's
``table``
    a table to translate
``domain``, ``localedir``, ``terms``
    a gettext domain, the folder of its catalogues, and the display words it adds
    (:func:`add_messages`: a course's own words)
``language``
    a display language: ``"en"`` or ``"pt"``
``curve``
    a :class:`Curve`
``band``
    a curve's confidence band (a band :class:`Curve`), drawn around the curve by its Display
``name``
    the name of a curve's model, or of an argument (for a message)
``result``, ``comparisons``
    results to draw
``ax``, ``cmap``
    matplotlib's axes and colour map
``ids``
    an identifier per instance, shown in a table
``index``
    the position of one instance
``step``, ``max_rows``
    an explorer's slider step; the most rows its table shows
``max_n``, ``max_k``, ``max_count``, ``max_shift``
    the end of an explorer's slider
``values``
    the values a slider runs through
``start``, ``guess_first``
    the value an explorer's slider starts at; hide the answer (a curve, the best value)
    until the student locks in a guess
``hits``
    a number of correct predictions (of an accuracy's n test instances), set by a slider
``separation``, ``positive_share``
    synthetic scores: the classes' distance and the positives' share
``majority_share``, ``recall_majority``, ``recall_minority``
    an imbalanced data set's shape
``shares``
    the majority's shares at which a curve is drawn
``answer``, ``question``, ``options``, ``tolerance``, ``digits``
    a guess: the value revealed, what is asked, the choices, how close counts, the digits
    shown

**Function names** say which way is better, as scikit-learn's: a ``*_score`` or a plain
name is higher-is-better (:func:`recall`, :func:`roc_auc`, :func:`accuracy`); ``*_loss`` and
``*_error`` (and their abbreviations: :func:`mse`, :func:`mae`) are lower-is-better
(:func:`brier_score_loss`, :func:`expected_calibration_error`); a rate says what it counts
(:func:`fpr`, :func:`error_rate`: lower is better).

**The positive class**, one rule for every binary metric, on a matrix or on labels and scores:
``positive=`` names it when given; without it, the labels must name it themselves: 1 (or
True) when the two classes are 0/1, -1/1 or False/True (scikit-learn's ``pos_label=1``), or
a matrix's first label when its labels were given in order (``labels=[positive, negative]``,
a labelled table, or counts alone, whose classes are ``"positive"`` and ``"negative"``:
:attr:`ConfusionMatrix.positive`). Anything else (``"spam"``/``"ham"`` labels, a matrix
counted from them with its labels only sorted) is a ``ValueError`` that asks for
``positive=``: the library never guesses. Metrics that treat both classes alike (accuracy,
balanced accuracy, MCC, kappa) need no positive class.

Undefined values (0/0) return ``nan`` with an :class:`UndefinedMetricWarning`; metrics take
``zero_division=`` to choose another value.

What a reader sees (tables, reports, figures, explorers) speaks the display language,
English by default: :func:`set_config` (``language="pt"``), :func:`get_config` and
:func:`config_context` set and read it as scikit-learn's do. The words come from gettext
message catalogues; a course adds its own with :func:`add_messages`.

Every public name is imported by name from its topic package below and listed in
``__all__`` (``tests/lib/test_namespace.py`` checks the list against the packages' own
``__all__``). Plots and widgets are imported on demand, so ``import evalbook`` stays fast.
"""

from evalbook._core.checks import UndefinedMetricWarning
from evalbook._core.config import config_context, get_config, set_config
from evalbook._core.messages import add_messages
from evalbook._core.translation import translated
from evalbook.displays import (
    CalibrationDisplay,
    ComparisonIntervalsDisplay,
    ConfusionMatrixDisplay,
    CriticalDifferenceDisplay,
    DecisionCurveDisplay,
    FBetaDisplay,
    GainDisplay,
    KSDisplay,
    LiftDisplay,
    MetricCellsDisplay,
    PrecisionRecallDisplay,
    PredictionErrorDisplay,
    RocCurveDisplay,
)
from evalbook.inference import (
    T_TABLE,
    Z_TABLE,
    AdjustedPValues,
    AlgorithmComparison,
    DeLongResult,
    FriedmanResult,
    Interval,
    LikelihoodRatios,
    McNemarResult,
    ModelComparison,
    NormalApproximationWarning,
    PairedTestResult,
    PredictiveValues,
    SampleSize,
    accuracy_interval,
    accuracy_sample_size,
    adjust_p_values,
    bootstrap_interval,
    calibration_band,
    cohen_kappa_interval,
    compare_algorithms,
    compare_models,
    delong_test,
    expected_best_accuracy,
    expected_interval_width,
    f_test_5x2cv,
    friedman,
    interval_coverage,
    likelihood_ratios,
    mcc_interval,
    mcnemar_power,
    mcnemar_sample_size,
    mcnemar_test,
    minimum_detectable_difference,
    multiclass_roc_auc_interval,
    net_benefit_interval,
    paired_bootstrap_interval,
    paired_ttest_5x2cv,
    precision_recall_band,
    predictive_values,
    proportion_interval,
    roc_auc_difference_power,
    roc_auc_difference_sample_size,
    roc_auc_interval,
    roc_auc_power,
    roc_auc_sample_size,
    roc_band,
    t_value,
    z_value,
)
from evalbook.metrics import (
    BINARY_METRICS,
    BY_CLASS_STATISTICS,
    CURVE_KINDS,
    MEANS,
    MULTICLASS_METRICS,
    OVERALL_STATISTICS,
    ConfusionMatrix,
    ConfusionSummary,
    Counts,
    Curve,
    KappaBreakdown,
    KSResult,
    MulticlassRocAuc,
    ScoredData,
    accuracy,
    adjusted_r2,
    auc,
    average_class_accuracy,
    average_precision,
    balanced_accuracy,
    bleu,
    brevity_penalty,
    brier_score_loss,
    calibration_curve,
    cohen_kappa,
    corpus_bleu,
    cross_entropy,
    decision_curve,
    detection_prevalence,
    detection_rate,
    efficiency,
    error_rate,
    expected_calibration_error,
    expected_confusion,
    f1,
    fbeta,
    fbeta_curve,
    fnr,
    fpr,
    gain_lift,
    kappa_breakdown,
    ks_curve,
    ks_statistic,
    mae,
    mape,
    mase,
    mcc,
    metrics_table,
    modified_precision,
    mse,
    multiclass_roc_auc,
    net_benefit,
    npv,
    per_class_recall,
    perplexity,
    post_test_probability,
    ppv,
    precision,
    precision_recall_curve,
    prevalence,
    profit,
    r2,
    recall,
    result_types,
    rmse,
    roc_auc,
    roc_curve,
    sensitivity,
    smape,
    specificity,
    sse,
    summary,
    threshold,
    tnr,
    top_k_accuracy,
    total_sum_of_squares,
    tpr,
)
from evalbook.model_selection import (
    WEIGHT_632,
    BiasVariance,
    bias_variance_decomposition,
    bootstrap,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
    bootstrap_predictions,
    cross_validate,
    error_632,
    error_632_plus,
    fresh_sample_predictions,
    group_holdout,
    group_kfold,
    holdout,
    kfold,
    leave_one_out,
    no_information_error_rate,
    repeated_bootstrap,
    repeated_holdout,
    repeated_kfold,
    split_roles,
    stratified_counts,
    stratified_kfold,
    time_series_split,
    train_val_test_split,
)

__version__ = "0.1.0"

__all__ = [
    "BINARY_METRICS",
    "BY_CLASS_STATISTICS",
    "CURVE_KINDS",
    "MEANS",
    "MULTICLASS_METRICS",
    "OVERALL_STATISTICS",
    "T_TABLE",
    "WEIGHT_632",
    "Z_TABLE",
    "AdjustedPValues",
    "AlgorithmComparison",
    "BiasVariance",
    "CalibrationDisplay",
    "ComparisonIntervalsDisplay",
    "ConfusionMatrix",
    "ConfusionMatrixDisplay",
    "ConfusionSummary",
    "Counts",
    "CriticalDifferenceDisplay",
    "Curve",
    "DeLongResult",
    "DecisionCurveDisplay",
    "FBetaDisplay",
    "FriedmanResult",
    "GainDisplay",
    "Interval",
    "KSDisplay",
    "KSResult",
    "KappaBreakdown",
    "LiftDisplay",
    "LikelihoodRatios",
    "McNemarResult",
    "MetricCellsDisplay",
    "ModelComparison",
    "MulticlassRocAuc",
    "NormalApproximationWarning",
    "PairedTestResult",
    "PrecisionRecallDisplay",
    "PredictionErrorDisplay",
    "PredictiveValues",
    "RocCurveDisplay",
    "SampleSize",
    "ScoredData",
    "UndefinedMetricWarning",
    "accuracy",
    "accuracy_interval",
    "accuracy_sample_size",
    "add_messages",
    "adjust_p_values",
    "adjusted_r2",
    "auc",
    "average_class_accuracy",
    "average_precision",
    "balanced_accuracy",
    "bias_variance_decomposition",
    "bleu",
    "bootstrap",
    "bootstrap_interval",
    "bootstrap_oob_probability",
    "bootstrap_oob_shares",
    "bootstrap_predictions",
    "brevity_penalty",
    "brier_score_loss",
    "calibration_band",
    "calibration_curve",
    "cohen_kappa",
    "cohen_kappa_interval",
    "compare_algorithms",
    "compare_models",
    "config_context",
    "corpus_bleu",
    "cross_entropy",
    "cross_validate",
    "decision_curve",
    "delong_test",
    "detection_prevalence",
    "detection_rate",
    "efficiency",
    "error_632",
    "error_632_plus",
    "error_rate",
    "expected_best_accuracy",
    "expected_calibration_error",
    "expected_confusion",
    "expected_interval_width",
    "f1",
    "f_test_5x2cv",
    "fbeta",
    "fbeta_curve",
    "fnr",
    "fpr",
    "fresh_sample_predictions",
    "friedman",
    "gain_lift",
    "get_config",
    "group_holdout",
    "group_kfold",
    "holdout",
    "interval_coverage",
    "kappa_breakdown",
    "kfold",
    "ks_curve",
    "ks_statistic",
    "leave_one_out",
    "likelihood_ratios",
    "mae",
    "mape",
    "mase",
    "mcc",
    "mcc_interval",
    "mcnemar_power",
    "mcnemar_sample_size",
    "mcnemar_test",
    "metrics_table",
    "minimum_detectable_difference",
    "modified_precision",
    "mse",
    "multiclass_roc_auc",
    "multiclass_roc_auc_interval",
    "net_benefit",
    "net_benefit_interval",
    "no_information_error_rate",
    "npv",
    "paired_bootstrap_interval",
    "paired_ttest_5x2cv",
    "per_class_recall",
    "perplexity",
    "post_test_probability",
    "ppv",
    "precision",
    "precision_recall_band",
    "precision_recall_curve",
    "predictive_values",
    "prevalence",
    "profit",
    "proportion_interval",
    "r2",
    "recall",
    "repeated_bootstrap",
    "repeated_holdout",
    "repeated_kfold",
    "result_types",
    "rmse",
    "roc_auc",
    "roc_auc_difference_power",
    "roc_auc_difference_sample_size",
    "roc_auc_interval",
    "roc_auc_power",
    "roc_auc_sample_size",
    "roc_band",
    "roc_curve",
    "sensitivity",
    "set_config",
    "smape",
    "specificity",
    "split_roles",
    "sse",
    "stratified_counts",
    "stratified_kfold",
    "summary",
    "t_value",
    "threshold",
    "time_series_split",
    "tnr",
    "top_k_accuracy",
    "total_sum_of_squares",
    "tpr",
    "train_val_test_split",
    "translated",
    "z_value",
]
