build-x/pbn/sets/dealing.o: pbn/sets/dealing.c pbn/sets/sets.h pbn/pbn.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
